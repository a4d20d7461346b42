#!/usr/bin/env bash
# commit-back.sh: commit what `warmaster advance` wrote and push it to the
# branch the workflow checked out, fetching and rebasing when another push
# got there first. It lives beside the warmaster action, which sets
# WARMASTER_ACTION to this folder: the processing-on-merge workflow of a
# campaign repository (warmaster-advance.yml, as `warmaster init-repo`
# writes it) runs bash "$WARMASTER_ACTION/commit-back.sh" after advance.
#
# Usage: commit-back.sh APPLIED_FILE [FOLDER...]
#
#   APPLIED_FILE  the steps advance applied, one line per step, in the order
#                 applied:
#                     FOLDER<TAB>applied STEP
#                 FOLDER is the campaign folder as given to advance, and
#                 "applied STEP" the line `warmaster advance` printed, e.g.
#                     campaigns/spring<TAB>applied phase 1: 2.1 Reveal Alliance Operations
#                 The warmaster action writes this file (its applied-file
#                 input/output). Other lines are ignored; a missing or empty
#                 file is fine (a rewrite with no step applied).
#                 APPLIED_FILE.out, if there, is what advance printed (the
#                 warmaster action holds it there): printed here once the
#                 push has gone through, never before, as it shows what a
#                 reveal revealed.
#   FOLDER...     what to stage (default: campaigns); additions,
#                 changes and deletions under them are committed, nothing
#                 else.
#
# The commit is authored by warmaster[bot] with the GitHub Actions bot's
# noreply address, so GitHub shows it as made by GitHub Actions. Its subject
# names each campaign with the phases and steps applied, e.g.
#     warmaster: spring phase 1 steps 1–2.1; autumn Setup the Campaign Map
# and its body lists every step applied, per campaign folder.
#
# Nothing of others is ever folded into the bot's commit: when a push is
# refused because the branch moved, the commits that moved it are fetched,
# and if they changed anything in a campaign folder this commit advanced —
# a file Warmaster writes, an input a step consumed, any file this commit
# touches — the script stops with an error naming those files, even when
# the changes do not overlap (rebasing over them would commit a state that
# does not follow from the folder's files, and `replay` would fail). The
# push that moved the branch starts the advance workflow again, which
# advances from there. Changes elsewhere are rebased over.
#
# Environment (all optional):
#   COMMIT_BACK_TOKEN    the token to push (and fetch) with, given to git
#                        through its environment for those commands only,
#                        never written to .git/config (check out with
#                        persist-credentials: false), and taken out of the
#                        environment of every other command; without it git
#                        uses what the clone has
#
# git runs no hook and no fsmonitor here (core.hooksPath=/dev/null,
# core.fsmonitor=false), the push included: nothing of the work tree or its
# configuration runs beside the token.
#   COMMIT_BACK_BRANCH   branch to push to (default: the branch checked out,
#                        else GITHUB_REF_NAME)
#   COMMIT_BACK_REMOTE   remote to push to (default: origin)
#   COMMIT_BACK_TRIES    pushes to try before giving up (default: 5)
#   COMMIT_BACK_BACKOFF  seconds to wait after the first refused push,
#                        doubled after each (default: 2)
#   COMMIT_BACK_NAME, COMMIT_BACK_EMAIL  the committer identity
#
# Exit status: 0 pushed, or nothing changed (no commit is made); 1 every try
# was refused, others changed what this commit advanced, a rebase met a
# conflict, or a usage error.
set -euo pipefail

if [[ $# -lt 1 ]]; then
	echo "usage: commit-back.sh APPLIED_FILE [FOLDER...]" >&2
	exit 1
fi
applied=$1
shift
folders=("$@")
if [[ ${#folders[@]} -eq 0 ]]; then
	folders=(campaigns)
fi

# The token, for remote_git alone: no other command, and nothing they run,
# has it in its environment.
token=${COMMIT_BACK_TOKEN:-}
unset COMMIT_BACK_TOKEN
git() {
	command git -c core.hooksPath=/dev/null -c core.fsmonitor=false "$@"
}

remote=${COMMIT_BACK_REMOTE:-origin}
tries=${COMMIT_BACK_TRIES:-5}
delay=${COMMIT_BACK_BACKOFF:-2}

git config user.name "${COMMIT_BACK_NAME:-warmaster[bot]}"
git config user.email "${COMMIT_BACK_EMAIL:-41898282+github-actions[bot]@users.noreply.github.com}"

# remote_git runs git with the push token for this one command: an
# Authorization header for the GitHub server, as actions/checkout would set
# it, but through the environment (GIT_CONFIG_COUNT), never .git/config.
remote_git() {
	if [[ -z $token ]]; then
		git "$@"
		return
	fi
	local basic
	basic=$(printf 'x-access-token:%s' "$token" | base64 | tr -d '\n')
	GIT_CONFIG_COUNT=1 \
		GIT_CONFIG_KEY_0="http.${GITHUB_SERVER_URL:-https://github.com}/.extraheader" \
		GIT_CONFIG_VALUE_0="AUTHORIZATION: basic $basic" \
		git "$@"
}

# The commit advance ran on.
base=$(git rev-parse HEAD)

existing=()
for f in "${folders[@]}"; do
	if [[ -e $f ]]; then
		existing+=("$f")
	fi
done
if [[ ${#existing[@]} -gt 0 ]]; then
	# Everything advance wrote, whatever a .gitignore says (a rule ignoring
	# revealed orders or reports would leave the journal naming files the
	# commit lacks, and replay failing for good); but never its own
	# .warmaster/ (a commit in progress, which it removes).
	git add --force -- "${existing[@]}" ':(exclude,glob)**/.warmaster/**'
fi
# What advance printed (run.sh holds it in APPLIED_FILE.out): only once
# the commit that applies its steps is on the branch, since it shows what a
# reveal revealed.
published() {
	if [[ -s $applied.out ]]; then
		cat -- "$applied.out"
	fi
}
if git diff --cached --quiet; then
	echo "commit-back: nothing changed; no commit"
	published
	exit 0
fi

branch=${COMMIT_BACK_BRANCH:-}
if [[ -z $branch ]]; then
	branch=$(git symbolic-ref --quiet --short HEAD || true)
fi
branch=${branch:-${GITHUB_REF_NAME:-}}
if [[ -z $branch ]]; then
	echo "commit-back: HEAD is detached and neither COMMIT_BACK_BRANCH nor GITHUB_REF_NAME is set: no branch to push to" >&2
	exit 1
fi

# The message: a subject naming each campaign, its phases and steps, then
# every step applied, per folder.
msg=$(mktemp)
trap 'rm -f "$msg"' EXIT
if [[ -s $applied ]]; then
	awk -F '\t' '
	function add(i, s) { summary[i] = summary[i] (summary[i] == "" ? "" : ", ") s }
	function flush(i) {
		if (phase[i] == "") return
		add(i, "phase " phase[i] (count[i] > 1 ? " steps " first[i] "–" last[i] : " step " first[i]))
		phase[i] = ""
	}
	$2 ~ /^applied / {
		dir = $1
		text = substr($2, 9)
		if (!(dir in index_of)) { index_of[dir] = ++n; folder[n] = dir }
		i = index_of[dir]
		body[i] = body[i] "\n    " text
		if (match(text, /^phase [0-9]+: /)) {
			p = substr(text, 7, RLENGTH - 8)
			split(substr(text, RLENGTH + 1), word, " ")
			if (phase[i] == p) { last[i] = word[1]; count[i]++ }
			else { flush(i); phase[i] = p; first[i] = word[1]; last[i] = word[1]; count[i] = 1 }
		} else {
			flush(i)
			add(i, text)
		}
	}
	END {
		subject = ""
		for (i = 1; i <= n; i++) {
			flush(i)
			name = folder[i]
			sub(/.*\//, "", name)
			subject = subject (i > 1 ? "; " : "") name " " summary[i]
		}
		if (n == 0) exit 1
		print "warmaster: " subject
		print ""
		print "Applied by warmaster advance:"
		for (i = 1; i <= n; i++) print "\n" folder[i] ":" body[i]
	}' "$applied" >"$msg" || : >"$msg"
fi
if [[ ! -s $msg ]]; then
	{
		echo "warmaster: rewrite what warmaster writes"
		echo
		echo "No step was applied; warmaster advance rewrote:"
		echo
		git diff --cached --name-only | sed 's/^/    /'
	} >"$msg"
fi
git commit --quiet -F "$msg"
git --no-pager log -1 --format='commit-back: committed %h %s'

# What others may not have changed meanwhile: every campaign folder a step
# was applied in, and every file this commit touches.
guard=$(mktemp)
trap 'rm -f "$msg" "$guard"' EXIT
advanced=()
if [[ -s $applied ]]; then
	mapfile -t advanced < <(awk -F '\t' '$2 ~ /^applied / && !seen[$1]++ { print $1 }' "$applied")
fi
git diff --no-renames --name-only -z "$base" HEAD -- >"$guard"
mapfile -d '' -t guarded <"$guard"
guarded+=("${advanced[@]}")

for ((try = 1; ; try++)); do
	if remote_git push "$remote" "HEAD:refs/heads/$branch"; then
		echo "commit-back: pushed to $branch (try $try)"
		published
		exit 0
	fi
	if ((try >= tries)); then
		echo "commit-back: $branch refused the push $tries times; giving up (what advance showed stays unpublished)" >&2
		exit 1
	fi
	echo "commit-back: push refused (try $try of $tries); fetching and rebasing in ${delay}s"
	sleep "$delay"
	delay=$((delay * 2))
	remote_git fetch --quiet "$remote" "$branch"
	# Paths are literal: a file named ":(glob)*" is that file.
	GIT_LITERAL_PATHSPECS=1 git diff --no-renames --no-ext-diff --name-only "$base" FETCH_HEAD -- "${guarded[@]}" >"$guard"
	if [[ -s $guard ]]; then
		{
			echo "commit-back: while advance ran, $remote/$branch changed what this commit advanced:"
			sed 's/^/    /' "$guard"
			echo "commit-back: not folding those changes into warmaster's commit; the push that made them starts the advance workflow again, which advances from there (or run it by hand)"
		} >&2
		exit 1
	fi
	if ! git rebase FETCH_HEAD; then
		git rebase --abort || true
		echo "commit-back: rebasing onto $remote/$branch met a conflict: someone else changed what warmaster wrote; run the workflow again" >&2
		exit 1
	fi
done
