#!/usr/bin/env bash
# The body of the composite action .github/actions/warmaster: run one
# warmaster command over each campaign folder, carry on past a failing folder,
# and exit non-zero at the end if any failed.
#
# Environment (the action's inputs; all text arrives here, never in `run:`):
#   COMMAND        check | advance | plan | replay | verify | status
#   CAMPAIGNS      glob(s) of campaign folders, relative to the working
#                  directory, separated by spaces (default campaigns/*);
#                  folders without a campaign.toml are skipped
#   CHANGED_SINCE  optional git revision: only folders with a file changed
#                  between it and HEAD are run, and `check` is given those
#                  files (deleted ones included), relative to the folder
#   ACTOR          optional GitHub login for `check --actor`
#   FORMAT         output format for check and replay (default github)
#   ARGS           extra flags, split on spaces, placed before the folder
#   APPLIED_FILE   advance: each `applied …` line warmaster prints is appended
#                  here as "FOLDER<TAB>applied …" (the format
#                  scripts/commit-back.sh reads)
#   WARMASTER      the binary (default: warmaster on PATH)
#
# In the tool's own repository (a working directory with cmd/warmaster) the
# bundled campaigns/vespator-front and campaigns/template are data for
# `warmaster demo` and `init`, not campaigns being played: they are skipped.
#
# plan's Markdown, and status's, are appended to $GITHUB_STEP_SUMMARY;
# `check --format github` appends its own table there.
set -euo pipefail

warmaster=${WARMASTER:-warmaster}
command=${COMMAND:-}
summary=${GITHUB_STEP_SUMMARY:-/dev/null}
output=${GITHUB_OUTPUT:-/dev/null}
format=${FORMAT:-github}

case $command in
check | advance | plan | replay | verify | status) ;;
*)
	echo "::error title=warmaster action::command must be one of check, advance, plan, replay, verify, status; got \"$command\""
	exit 2
	;;
esac

extra=()
if [[ -n ${ARGS:-} ]]; then
	read -r -a extra <<<"$ARGS"
fi

if [[ $command == advance ]]; then
	applied=${APPLIED_FILE:-${RUNNER_TEMP:-/tmp}/warmaster-applied.tsv}
	touch "$applied"
	echo "applied-file=$applied" >>"$output"
fi

# The files changed since CHANGED_SINCE, relative to the working directory:
# deleted ones too, and a rename as its deletion and its addition (both must
# be allowed to the actor).
changed=()
if [[ -n ${CHANGED_SINCE:-} ]]; then
	list=$(mktemp)
	git diff --no-renames --relative --name-only -z "$CHANGED_SINCE" HEAD >"$list"
	mapfile -d '' -t changed <"$list"
	rm -f "$list"
fi

# changed_in DIR: the changed files under DIR, relative to it, into `files`.
changed_in() {
	files=()
	local f
	for f in "${changed[@]}"; do
		if [[ $f == "$1"/* ]]; then
			files+=("${f#"$1"/}")
		fi
	done
}

# The folders to run over, each once, in glob order.
shopt -s nullglob
folders=()
declare -A seen=()
# shellcheck disable=SC2086 # CAMPAIGNS is a list of globs: split and expand it
for dir in ${CAMPAIGNS:-campaigns/*}; do
	dir=${dir%/}
	dir=${dir#./}
	[[ -f $dir/campaign.toml ]] || continue
	[[ -z ${seen[$dir]:-} ]] || continue
	seen[$dir]=1
	# A folder name goes into workflow commands and outputs below: keep to
	# names that cannot smuggle a newline or a command into them.
	if [[ ! $dir =~ ^[A-Za-z0-9._/-]+$ ]]; then
		echo "::warning title=warmaster action::skipped a campaign folder whose name has characters other than letters, digits, '.', '_', '-' and '/'"
		continue
	fi
	if [[ -d cmd/warmaster ]] && [[ $dir == campaigns/vespator-front || $dir == campaigns/template ]]; then
		continue
	fi
	if [[ -n ${CHANGED_SINCE:-} ]]; then
		changed_in "$dir"
		[[ ${#files[@]} -gt 0 ]] || continue
	fi
	folders+=("$dir")
done
echo "campaigns=${folders[*]}" >>"$output"
if [[ ${#folders[@]} -eq 0 ]]; then
	echo "no campaign folder to $command"
	exit 0
fi

status=0
for dir in "${folders[@]}"; do
	echo "::group::warmaster $command $dir"
	rc=0
	case $command in
	check)
		changed_in "$dir"
		actor=()
		if [[ -n ${ACTOR:-} ]]; then
			actor=(--actor "$ACTOR")
		fi
		"$warmaster" check --format "$format" "${actor[@]}" "${extra[@]}" "$dir" "${files[@]}" || rc=$?
		;;
	replay)
		"$warmaster" replay --format "$format" "${extra[@]}" "$dir" || rc=$?
		;;
	advance)
		out=$(mktemp)
		"$warmaster" advance "${extra[@]}" "$dir" >"$out" || rc=$?
		cat "$out"
		awk -v dir="$dir" '/^applied / { print dir "\t" $0 }' "$out" >>"$applied"
		rm -f "$out"
		;;
	plan)
		out=$(mktemp)
		"$warmaster" plan "${extra[@]}" "$dir" >"$out" || rc=$?
		cat "$out"
		cat "$out" >>"$summary"
		rm -f "$out"
		;;
	status)
		out=$(mktemp)
		"$warmaster" status "${extra[@]}" "$dir" >"$out" || rc=$?
		cat "$out"
		{
			printf '### %s\n\n' "$dir"
			cat "$out"
			printf '\n'
		} >>"$summary"
		rm -f "$out"
		;;
	verify)
		"$warmaster" verify "${extra[@]}" "$dir" || rc=$?
		;;
	esac
	echo "::endgroup::"
	if [[ $rc -ne 0 ]]; then
		echo "::error title=warmaster $command::$dir: warmaster $command exited with status $rc"
		if [[ $rc -gt $status ]]; then
			status=$rc
		fi
	fi
done
exit "$status"
