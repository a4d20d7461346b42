#!/usr/bin/env bash
# The key of Go's module and build caches for the warmaster action: the
# runner, the Go version, the SHA-256 of the action repository's go.sum,
# and of its Go sources. A new version of the tool with the same go.sum
# restores the last cache of that go.sum (restore-key: its dependencies are
# built) and saves its own.
#
# Writes the step outputs key, restore-key, modcache and buildcache.
set -euo pipefail
root=$(cd "$GITHUB_ACTION_PATH/../../.." && pwd)
# go runs in the action's repository, with its go.mod alone: never a go.mod,
# go.work or toolchain line of the repository checked out in the workspace.
cd "$root"
export GOTOOLCHAIN=local GOWORK=off GOFLAGS=-mod=readonly
output=${GITHUB_OUTPUT:-/dev/stdout}
gosum=$(sha256sum "$root/go.sum" | cut -c1-64)
sources=$(find . -name '*.go' -not -path './.git/*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-64)
prefix="warmaster-go-${RUNNER_OS:-Linux}-${RUNNER_ARCH:-X64}-$(go env GOVERSION)-$gosum-"
{
	echo "key=$prefix$sources"
	echo "restore-key=$prefix"
	echo "modcache=$(go env GOMODCACHE)"
	echo "buildcache=$(go env GOCACHE)"
} >>"$output"
