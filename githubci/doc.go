// Package githubci tests what runs a campaign on GitHub: the workflows in
// .github/workflows and repo-template/.github/workflows (actionlint, and the
// rules they must keep: least privilege, no expression in a shell script,
// secrets only where advance runs), the composite action
// .github/actions/warmaster, scripts/commit-back.sh, and the campaign
// repository template. It has no code of its own.
package githubci
