package report

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
)

// Swatch is an Alliance's colour on the map and the points chart.
type Swatch struct {
	Name string // in words, for the legend: "bluish green"
	Fill string // #rrggbb
	Text string // the label's colour on it: black or white, whichever reads
}

// okabeIto is Okabe and Ito's colour-blind-safe palette (Color Universal
// Design, 2008), less its black, which marks a destroyed planet. words are
// the colour words an Alliance id may carry to prefer that colour: the
// "red" Alliance is drawn vermillion, not by chance in blue.
var okabeIto = []struct {
	name, fill string
	words      []string
}{
	{"orange", "#E69F00", []string{"orange", "amber"}},
	{"sky blue", "#56B4E9", []string{"sky", "cyan", "azure", "teal", "turquoise"}},
	{"bluish green", "#009E73", []string{"green", "emerald", "jade"}},
	{"yellow", "#F0E442", []string{"yellow", "gold", "golden"}},
	{"blue", "#0072B2", []string{"blue", "navy", "cobalt", "sapphire", "ultramarine", "ultramarines"}},
	{"vermillion", "#D55E00", []string{"red", "vermillion", "vermilion", "scarlet", "crimson", "rust"}},
	{"reddish purple", "#CC79A7", []string{"purple", "pink", "magenta", "violet", "mauve"}},
}

// The map's colours for what no Alliance leads.
var (
	TiedSwatch      = Swatch{"grey", "#999999", "#000000"}
	DestroyedSwatch = Swatch{"black", "#000000", "#FFFFFF"}
)

// AllianceColours gives each Alliance its colour from its id alone, never
// from the order of [[alliances]]: an id that names a colour ("red",
// "blue-fleet") prefers it, any other id the colour its FNV-1a hash picks;
// a colour already taken goes to the next free one. Ids are served in
// sorted order, those naming a colour first, so the same set of ids always
// gets the same colours, and adding an Alliance moves another's colour only
// when it takes the colour that one would have had. Beyond the palette's
// seven colours, lighter tints of them, then further distinct colours:
// any number of Alliances gets distinct colours (the map's labels say who
// leads in words too).
func AllianceColours[ID ~string](ids []ID) map[ID]Swatch {
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	n := len(okabeIto)
	taken := map[int]bool{}
	slot := map[ID]int{}
	for _, named := range []bool{true, false} {
		for _, id := range sorted {
			pref, isNamed := preferredColour(string(id))
			if isNamed != named {
				continue
			}
			for k := 0; ; k++ {
				s := k/n*n + (pref+k)%n // pref, pref+1, … within a round of n, then the next round
				if !taken[s] {
					taken[s], slot[id] = true, s
					break
				}
			}
		}
	}
	out := make(map[ID]Swatch, len(ids))
	used := map[string]bool{TiedSwatch.Fill: true, DestroyedSwatch.Fill: true}
	for _, id := range sorted {
		sw := slotSwatch(slot[id])
		for try := 1; used[sw.Fill]; try++ {
			sw = extraSwatch(slot[id], try) // a generated colour met another: the next one
		}
		used[sw.Fill] = true
		out[id] = sw
	}
	return out
}

// preferredColour is the palette slot an id prefers, and whether it names
// the colour (a word of the id, between hyphens).
func preferredColour(id string) (int, bool) {
	for _, w := range strings.Split(string(id), "-") {
		for i, c := range okabeIto {
			if slices.Contains(c.words, w) {
				return i, true
			}
		}
	}
	h := fnv.New32a()
	h.Write([]byte(id))
	return int(h.Sum32() % uint32(len(okabeIto))), false
}

// slotSwatch is the colour of a slot: the palette, then its tints halfway
// to white, then generated colours.
func slotSwatch(k int) Swatch {
	n := len(okabeIto)
	switch c := okabeIto[k%n]; {
	case k < n:
		return newSwatch(c.name, c.fill)
	case k < 2*n:
		r, g, b := rgb(c.fill)
		return newSwatch("light "+c.name, hexColour((r+255)/2, (g+255)/2, (b+255)/2))
	}
	return extraSwatch(k, 0)
}

// extraSwatch is a generated colour for slot k beyond the palette and its
// tints: hues spread by the golden angle at two lightnesses.
func extraSwatch(k, try int) Swatch {
	i := k + try*7919
	hue := float64(i) * 137.50776405003785
	hue -= float64(int(hue/360)) * 360
	light := 0.45
	if i%2 == 1 {
		light = 0.65
	}
	r, g, b := hslToRGB(hue, 0.6, light)
	fill := hexColour(r, g, b)
	return newSwatch("colour "+fill, fill)
}

func newSwatch(name, fill string) Swatch {
	r, g, b := rgb(fill)
	text := "#FFFFFF"
	if 299*r+587*g+114*b >= 128*1000 { // perceived brightness: dark text on light fills
		text = "#000000"
	}
	return Swatch{name, fill, text}
}

func rgb(hex string) (r, g, b int) {
	fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b)
	return
}

func hexColour(r, g, b int) string { return fmt.Sprintf("#%02X%02X%02X", r, g, b) }

func hslToRGB(h, s, l float64) (int, int, int) {
	c := (1 - abs(2*l-1)) * s
	hp := h / 60
	x := c * (1 - abs(hp-2*float64(int(hp/2))-1))
	var r, g, b float64
	switch {
	case hp < 1:
		r, g = c, x
	case hp < 2:
		r, g = x, c
	case hp < 3:
		g, b = c, x
	case hp < 4:
		g, b = x, c
	case hp < 5:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := l - c/2
	to := func(v float64) int { return int((v+m)*255 + 0.5) }
	return to(r), to(g), to(b)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
