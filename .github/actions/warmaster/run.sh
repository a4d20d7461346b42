#!/usr/bin/env bash
# The body of the composite action .github/actions/warmaster: run one
# warmaster command over the campaigns the repository declares, carry on
# past a failing one, and exit non-zero at the end if any failed.
#
# Environment (the action's inputs; all text arrives here, never in `run:`):
#   COMMAND        check | advance | plan | replay | verify | status |
#                  notify | doctor (these two run once over the repository,
#                  with ARGS; they need GITHUB_TOKEN in the step's env)
#   CAMPAIGNS      optional glob(s), separated by spaces, narrowing the
#                  campaigns .github/warmaster.toml declares (`warmaster
#                  campaigns`); a folder it does not declare is never run
#   CHANGED_SINCE  optional git revision, the base of the changes: check
#                  runs `warmaster check-changes --base REV` (the registry
#                  read from REV, every changed file judged); the other
#                  commands run only the campaigns with a file changed
#   ACTOR          check: the login whose rights are checked; required when
#                  GITHUB_EVENT_NAME is a pull request's
#   PUSHED_BY      check: who set off the check (the event's sender); when
#                  not ACTOR, the changes are judged with both rights
#   HEAD_COMMIT    check: the pull request's head, which the checked-out
#                  merge commit must have as its second parent
#   QUEUE_REF      check in a merge queue: the group's ref,
#                  refs/heads/gh-readonly-queue/<base>/pr-<N>-<head>; ACTOR
#                  is then pull request N's author, or, when not given,
#                  GitHub's answer (GET /repos/$GITHUB_REPOSITORY/pulls/N
#                  at $GITHUB_API_URL) with API_TOKEN, which is unset first
#                  thing and used for that request alone
#   PULL_REQUEST   check in a pull request: its number; with API_TOKEN,
#                  `warmaster suggest` runs after a check-changes that
#                  found mistakes (one that passed has none to fix) and posts
#                  the suggested changes (the token in its environment
#                  alone, as GITHUB_TOKEN; its failure is a warning, the
#                  check's verdict is check-changes')
#   BASE_COMMIT    check: the pull request's base as GitHub reports it,
#                  which the checked-out merge commit must have as its
#                  first parent (the changes are judged against it)
#   WORK_TREE      the repository's work tree (default .)
#   FORMAT         output format of check, replay and advance (default github)
#   ARGS           extra flags, split on spaces, placed before the folder
#   APPLIED_FILE   advance: each `applied …` line warmaster prints is appended
#                  here as "FOLDER<TAB>applied …" (the format
#                  commit-back.sh, beside this script, reads); what advance
#                  printed of a run that applied steps goes to
#                  APPLIED_FILE.out, not the log: commit-back.sh prints it
#                  once it has pushed, as nothing revealed may show before
#                  the commit that applies the reveal is on the branch; what
#                  a campaign that failed printed (its faults, and the
#                  command restoring a consumed file) goes to
#                  APPLIED_FILE.failed too, for the failure issue
#                  (`warmaster notify --failed`)
#   VERIFIED_FILE  advance: the verified digests of the campaign folders
#                  earlier runs proved (advance --replay --verified; the
#                  action keeps the file in the Actions cache): a campaign
#                  whose folder is listed is not replayed again, and each
#                  folder this run proves is added; the step output
#                  verified-changed says whether the file changed (the
#                  action then saves it)
#   WARMASTER      the binary (default: warmaster on PATH)
#
# Every folder and file name goes to warmaster after "--": none is ever an
# option. Faults are annotations from warmaster itself (--format github),
# one per fault; this script adds none. plan's Markdown, and status's, are
# appended to $GITHUB_STEP_SUMMARY; check and advance append their own.
set -euo pipefail

# The token is for one request (the queued pull request's author): out of
# the environment of everything else this script runs.
api_token=${API_TOKEN:-}
unset API_TOKEN

warmaster=${WARMASTER:-warmaster}
command=${COMMAND:-}
summary=${GITHUB_STEP_SUMMARY:-/dev/null}
output=${GITHUB_OUTPUT:-/dev/null}
format=${FORMAT:-github}

case $command in
check | advance | plan | replay | verify | status | notify | doctor) ;;
*)
	echo "::error title=warmaster action::command must be one of check, advance, plan, replay, verify, status, notify, doctor; got \"$command\""
	exit 2
	;;
esac

cd -- "${WORK_TREE:-.}"

extra=()
if [[ -n ${ARGS:-} ]]; then
	read -r -a extra <<<"$ARGS"
fi

# queued_base HEAD: the commit a queued pull request's own changes sit on
# in a merge queue's group (HEAD), whose head commit is HEAD: merged, a
# merge commit whose second parent is the head; rebased, its commits on
# top, the last the head's patch; squashed, one commit.
queued_base() {
	local head=$1 k
	if [[ $(git rev-parse --verify --quiet 'HEAD^2' || true) == "$head" ]]; then
		git rev-parse 'HEAD^1'
		return
	fi
	k=$(git rev-list --count "$(git merge-base "$head" "$CHANGED_SINCE")..$head")
	if ((k > 1)) && [[ $(git show HEAD | git patch-id --stable | cut -d' ' -f1) == $(git show "$head" | git patch-id --stable | cut -d' ' -f1) ]]; then
		git rev-parse "HEAD~$k"
		return
	fi
	git rev-parse 'HEAD^1'
}

# A merge queue's group: the last pull request queued (the group's ref names
# it) is judged with its author's rights against the group before it — the
# pull requests ahead of it may have changed who may change what — and the
# whole group as the campaigns' rules have it.
if [[ $command == check && ${GITHUB_EVENT_NAME:-} == merge_group ]]; then
	if [[ ! ${QUEUE_REF:-} =~ ^refs/heads/gh-readonly-queue/.+/pr-([0-9]+)-([0-9a-f]{40})$ ]]; then
		echo "::error title=warmaster action::a merge queue's group is checked with its last pull request's author's rights: give queue-ref (github.event.merge_group.head_ref)"
		exit 2
	fi
	number=${BASH_REMATCH[1]} queued=${BASH_REMATCH[2]}
	if [[ -z ${ACTOR:-} && -n $api_token ]]; then
		ACTOR=$(printf 'Authorization: Bearer %s\n' "$api_token" |
			curl -fsS --max-time 30 -H @- -H 'Accept: application/vnd.github+json' \
				"${GITHUB_API_URL:-https://api.github.com}/repos/${GITHUB_REPOSITORY:-}/pulls/$number" |
			jq -r '.user.login // empty') || ACTOR=
	fi
	if [[ -z ${ACTOR:-} ]]; then
		echo "::error title=warmaster action::GitHub did not say who authored pull request #$number, whose rights judge its changes in the merge queue: give the token input (pull-requests: read), or the actor input"
		exit 2
	fi
	if ! own=$(queued_base "$queued" 2>/dev/null); then
		echo "::error title=warmaster action::the queued pull request's head ($queued) is not in the checked-out history: run the check again"
		exit 1
	fi
	echo "campaigns=" >>"$output"
	rc=0
	"$warmaster" check-changes --format "$format" "--base=$own" "--actor=$ACTOR" "${extra[@]}" -- . || rc=$?
	"$warmaster" check-changes --format "$format" "--base=$CHANGED_SINCE" "${extra[@]}" -- . || rc=$?
	exit $rc
fi

# The repository's commands: once, over the whole work tree.
if [[ $command == notify || $command == doctor ]]; then
	echo "campaigns=" >>"$output"
	"$warmaster" "$command" "${extra[@]}" -- .
	exit
fi

# A pull request's check: the whole change, judged in Go.
if [[ $command == check && -n ${CHANGED_SINCE:-} ]]; then
	actor=()
	if [[ -n ${ACTOR:-} ]]; then
		actor=("--actor=$ACTOR")
		if [[ -n ${PUSHED_BY:-} ]]; then
			actor+=("--pushed-by=$PUSHED_BY")
		fi
	elif [[ ${GITHUB_EVENT_NAME:-} == pull_request* ]]; then
		echo "::error title=warmaster action::a pull request is checked with its author's rights: give the actor input"
		exit 2
	fi
	if [[ -n ${HEAD_COMMIT:-} ]]; then
		merged=$(git rev-parse --verify --quiet 'HEAD^2' || true)
		if [[ $merged != "$HEAD_COMMIT" ]]; then
			echo "::error title=warmaster action::the checked-out merge commit does not merge the pull request's head ($HEAD_COMMIT): GitHub has not updated it yet; run the check again"
			exit 1
		fi
	fi
	if [[ -n ${BASE_COMMIT:-} ]]; then
		base=$(git rev-parse --verify --quiet 'HEAD^1' || true)
		if [[ $base != "$BASE_COMMIT" ]]; then
			echo "::error title=warmaster action::the checked-out merge commit does not merge into the pull request's base ($BASE_COMMIT) but into ${base:-nothing}: the base branch moved since this check began, or GitHub has not updated the merge commit yet; run the check again"
			exit 1
		fi
	fi
	echo "campaigns=" >>"$output"
	rc=0
	"$warmaster" check-changes --format "$format" "--base=$CHANGED_SINCE" "${actor[@]}" "${extra[@]}" -- . || rc=$?
	# The mistakes with one sure fix: a suggested change on their lines,
	# posted once (a re-run posts none twice). Only this process has the
	# token. A check that passed found no mistake to fix: suggest, which
	# checks again, runs only after one that did not.
	if [[ $rc -ne 0 && -n $api_token && ${PULL_REQUEST:-} =~ ^[1-9][0-9]*$ ]]; then
		head=()
		if [[ -n ${HEAD_COMMIT:-} ]]; then
			head=("--commit=$HEAD_COMMIT")
		fi
		GITHUB_TOKEN=$api_token "$warmaster" suggest "--base=$CHANGED_SINCE" "--pull-request=$PULL_REQUEST" "${head[@]}" "${actor[@]}" "${extra[@]}" -- . ||
			echo "::warning title=warmaster suggest::the suggested changes could not be posted on pull request #$PULL_REQUEST (the annotations above say the same): give the check job pull-requests: write"
	fi
	exit $rc
fi

if [[ $command == advance ]]; then
	applied=${APPLIED_FILE:-${RUNNER_TEMP:-/tmp}/warmaster-applied.tsv}
	touch "$applied"
	echo "applied-file=$applied" >>"$output"
	verified=()
	if [[ -n ${VERIFIED_FILE:-} ]]; then
		mkdir -p "$(dirname "$VERIFIED_FILE")"
		touch "$VERIFIED_FILE"
		verified=(--verified "$VERIFIED_FILE")
		verified_before=$(cksum <"$VERIFIED_FILE")
	fi
fi

# The declared campaigns.
list=$(mktemp)
trap 'rm -f "$list"' EXIT
if ! "$warmaster" campaigns -- . >"$list" 2>"$list.err"; then
	cat "$list.err"
	echo "warmaster $command: the repository's registry of campaigns cannot be read"
	if [[ $command == advance ]]; then
		{
			cat "$list.err"
			echo "warmaster advance: the repository's registry of campaigns (.github/warmaster.toml) cannot be read"
		} >>"$applied.failed"
	fi
	rm -f "$list.err"
	exit 1
fi
rm -f "$list.err"
mapfile -t declared <"$list"

# The files changed since CHANGED_SINCE, relative to the work tree.
changed=()
if [[ -n ${CHANGED_SINCE:-} ]]; then
	git diff --no-renames --no-ext-diff --name-only -z --end-of-options "$CHANGED_SINCE" HEAD -- >"$list"
	mapfile -d '' -t changed <"$list"
fi

# selected DIR: whether the CAMPAIGNS globs, and CHANGED_SINCE, select DIR.
selected() {
	local glob f ok=
	if [[ -n ${CAMPAIGNS:-} ]]; then
		local globs
		read -r -a globs <<<"$CAMPAIGNS"
		for glob in "${globs[@]}"; do
			glob=${glob%/}
			glob=${glob#./}
			# shellcheck disable=SC2053 # the glob is a pattern
			if [[ $1 == $glob ]]; then
				ok=1
			fi
		done
		[[ -n $ok ]] || return 1
	fi
	if [[ -n ${CHANGED_SINCE:-} ]]; then
		for f in "${changed[@]}"; do
			if [[ $f == "$1"/* ]]; then
				return 0
			fi
		done
		return 1
	fi
	return 0
}

folders=()
for dir in "${declared[@]}"; do
	if selected "$dir"; then
		folders+=("$dir")
	fi
done
echo "campaigns=${folders[*]}" >>"$output"
if [[ ${#folders[@]} -eq 0 ]]; then
	echo "no declared campaign to $command"
	exit 0
fi

# Folder names come from the registry, which warmaster has validated:
# letters, digits, '.', '_', '-' and '/'; safe in a workflow command.
status=0
for dir in "${folders[@]}"; do
	echo "::group::warmaster $command $dir"
	rc=0
	# A run's commit in progress lives in DIR/.warmaster/, never in git: one
	# that came with the checkout was planted, and warmaster would finish
	# it (overwriting players' files) were its identity guessed.
	planted=$(git ls-files -- "$dir/.warmaster" 2>/dev/null | head -n 1 || true)
	if [[ -n $planted ]]; then
		echo "::error title=warmaster::$dir/.warmaster/ is committed to git: it only ever holds a run's commit in progress; the Warmaster removes it (git rm -r -- $dir/.warmaster) and finds who committed it"
		rc=1
		if [[ $command == advance ]]; then
			echo "$dir/.warmaster/ is committed to git: it only ever holds a run's commit in progress; remove it (git rm -r -- $dir/.warmaster) and find who committed it" >>"$applied.failed"
		fi
	fi
	# (planted: "skip…" matches no command, and nothing runs)
	case ${planted:+skip}$command in
	check | replay)
		"$warmaster" "$command" --format "$format" "${extra[@]}" -- "$dir" || rc=$?
		;;
	advance)
		out=$(mktemp)
		errs=$(mktemp)
		"$warmaster" advance --replay "${verified[@]}" --format "$format" "${extra[@]}" -- "$dir" >"$out" 2>"$errs" || rc=$?
		cat "$errs" >&2
		awk -v dir="$dir" '/^applied / { print dir "\t" $0 }' "$out" >>"$applied"
		if [[ $rc -eq 0 ]]; then
			# What the steps applied show (the battles revealed, and so what
			# sealed orders said) reaches the log only once commit-back has
			# pushed the commit that applies them: held in APPLIED_FILE.out.
			{
				printf 'warmaster advance %s:\n' "$dir"
				cat "$out"
			} >>"$applied.out"
			echo "warmaster advance $dir: $(grep -c '^applied ' "$out" || true) steps applied; what they show is printed once commit-back has pushed them"
		else
			# Refused: it wrote nothing; its faults, to mend them (and for
			# the failure issue: a refusal reveals nothing).
			cat "$out"
			{
				printf 'warmaster advance %s: exit status %s\n' "$dir" "$rc"
				cat "$out" "$errs"
			} >>"$applied.failed"
		fi
		rm -f "$out" "$errs"
		;;
	plan)
		out=$(mktemp)
		"$warmaster" plan "${extra[@]}" -- "$dir" >"$out" || rc=$?
		cat "$out"
		cat "$out" >>"$summary"
		rm -f "$out"
		;;
	status)
		out=$(mktemp)
		"$warmaster" status "${extra[@]}" -- "$dir" >"$out" || rc=$?
		cat "$out"
		{
			printf '### %s\n\n' "$dir"
			cat "$out"
			printf '\n'
		} >>"$summary"
		rm -f "$out"
		;;
	verify)
		"$warmaster" verify "${extra[@]}" -- "$dir" || rc=$?
		;;
	esac
	echo "::endgroup::"
	if [[ $rc -ne 0 ]]; then
		echo "warmaster $command $dir: exit status $rc"
		if [[ $rc -gt $status ]]; then
			status=$rc
		fi
	fi
done
if [[ $command == advance && -n ${VERIFIED_FILE:-} && $(cksum <"$VERIFIED_FILE") != "$verified_before" ]]; then
	echo "verified-changed=true" >>"$output"
fi
exit "$status"
