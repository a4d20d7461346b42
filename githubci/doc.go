// Package githubci tests what runs a campaign on GitHub: the workflows in
// .github/workflows and repo-template/.github/workflows (actionlint, and the
// rules they must keep: least privilege, no expression in a shell script,
// no checkout keeping a token, the secrets in the warmaster environment and
// only where advance and commit-back use them, a pull-request check on
// pull_request_target and merge_group that runs nothing from the pull
// request and always reports), the composite action
// .github/actions/warmaster, scripts/commit-back.sh, and the campaign
// repository template — each attack on them played as a cheating player
// would, with the real warmaster where it matters. It has no code of its own.
package githubci
