package processor

import (
	"net/url"
	"path"
	"strings"
)

// GitHub is campaign.toml's [github]: the repository the campaign lives in,
// so that its README can link each awaited file to GitHub's web editor.
// The schema allows only plain names (no spaces, no "..", no control
// characters); the links escape every part all the same.
type GitHub struct {
	Repository string // owner/name
	Branch     string // the branch players propose changes to; "main" when not given
	Path       string // the campaign folder inside the repository; "" is its root
}

func decodeGitHub(d Obj) *GitHub {
	g := d.Obj("github")
	if !g.has("repository") {
		return nil
	}
	out := &GitHub{Repository: g.Str("repository"), Branch: g.Str("branch"), Path: g.Str("path")}
	if out.Branch == "" {
		out.Branch = "main"
	}
	return out
}

// MaxLinkLen is the longest link to GitHub's web editor the README gives:
// GitHub and browsers refuse or cut URLs of about 8 KB and more.
const MaxLinkLen = 8000

// NewFileURL opens GitHub's web editor on a new file of the campaign
// folder (a slash path inside it), prefilled with content.
func (g *GitHub) NewFileURL(file, content string) string {
	dir := path.Join(g.Path, path.Dir(file))
	u := "https://github.com/" + escapePath(g.Repository) + "/new/" + escapePath(g.Branch)
	if dir != "." {
		u += "/" + escapePath(dir)
	}
	return u + "?filename=" + queryEscape(path.Base(file)) + "&value=" + queryEscape(content)
}

// EditURL opens GitHub's web editor on a file of the campaign folder that
// is already in the repository.
func (g *GitHub) EditURL(file string) string {
	return "https://github.com/" + escapePath(g.Repository) + "/edit/" + escapePath(g.Branch) + "/" + escapePath(path.Join(g.Path, file))
}

// BlobURL shows a file of the campaign folder (a slash path inside it) on
// GitHub.
func (g *GitHub) BlobURL(file string) string {
	return "https://github.com/" + escapePath(g.Repository) + "/blob/" + escapePath(g.Branch) + "/" + escapePath(path.Join(g.Path, file))
}

// TreeURL shows the campaign folder on GitHub.
func (g *GitHub) TreeURL() string {
	u := "https://github.com/" + escapePath(g.Repository) + "/tree/" + escapePath(g.Branch)
	if g.Path != "" {
		u += "/" + escapePath(g.Path)
	}
	return u
}

// escapePath escapes each part of a slash path for a URL's path.
func escapePath(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}

// queryEscape escapes a query value, a space as %20 (a "+" is a space only
// to form decoders).
func queryEscape(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}
