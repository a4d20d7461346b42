package processor

import (
	"slices"

	"github.com/warmaster/warmaster/processor/report"
)

// Map is map.toml: the Planets and the lanes between them.
type Map struct {
	Planets []Planet
	Lanes   [][2]PlanetID

	Index map[PlanetID]int
	adj   [][]int // lane neighbours, in map order
	dist  [][]int // fewest lanes between planets, a row once asked for; -1 when unreachable
}

// Planet is one world of the campaign map.
type Planet struct {
	ID        PlanetID
	Name      string
	Locations int // Infrastructure locations
	Theatres  []string
	src       Src
}

// Has reports whether id names a Planet.
func (m *Map) Has(id PlanetID) bool { _, ok := m.Index[id]; return ok }

// Planet returns the planet with this id.
func (m *Map) Planet(id PlanetID) Planet { return m.Planets[m.Index[id]] }

// IDs lists the planets in map order.
func (m *Map) IDs() []PlanetID {
	out := make([]PlanetID, len(m.Planets))
	for i, p := range m.Planets {
		out[i] = p.ID
	}
	return out
}

// Neighbours lists the planets one lane from p, in map order.
func (m *Map) Neighbours(p PlanetID) []PlanetID {
	var out []PlanetID
	for _, j := range m.adj[m.Index[p]] {
		out = append(out, m.Planets[j].ID)
	}
	return out
}

// Distance is the fewest lanes between two planets (-1: not connected at all).
func (m *Map) Distance(a, b PlanetID) int { return m.row(m.Index[a])[m.Index[b]] }

// DistancesFrom are the fewest lanes from p to each planet, by map index
// (-1: not connected): those Distance keeps, or found afresh in buf and
// not kept, for one who asks once for each of many planets (a medal's
// widest pair of planets, where a row kept for each would be the square
// of the map). buf is reused from one call to the next (it grows to twice
// the map's planets): the row is good until the next call with it.
func (m *Map) DistancesFrom(p PlanetID, buf *[]int) []int {
	i := m.Index[p]
	if row := m.dist[i]; row != nil {
		return row
	}
	n := len(m.Planets)
	if cap(*buf) < 2*n {
		*buf = make([]int, 2*n)
	}
	return m.bfsInto(i, (*buf)[:n], (*buf)[n:n:2*n])
}

// row is the distances from planet i, found when first asked for: a map of
// thousands of planets would otherwise spend time and memory on every pair.
func (m *Map) row(i int) []int {
	if m.dist[i] == nil {
		m.dist[i] = m.bfs(i)
	}
	return m.dist[i]
}

// AtDistance lists the planets exactly n lanes from p, in map order. It
// walks out n lanes from p, not the whole map: a battle's Support
// Facilities (2 lanes) are looked up for every battle, and a row of
// distances to every planet for every planet was the square of the map in
// time and memory (12,500 planets: 156 million distances).
func (m *Map) AtDistance(p PlanetID, n int) []PlanetID {
	i := m.Index[p]
	var ring []int
	if row := m.dist[i]; row != nil {
		for j, d := range row {
			if d == n {
				ring = append(ring, j)
			}
		}
	} else {
		// The planets seen so far: a short list near most planets (asked
		// for every battle), a map once it grows (a hub of many lanes).
		seenList, seen := []int{i}, map[int]bool(nil)
		isSeen := func(y int) bool {
			if seen != nil {
				return seen[y]
			}
			return slices.Contains(seenList, y)
		}
		see := func(y int) {
			if seen == nil && len(seenList) < 64 {
				seenList = append(seenList, y)
				return
			}
			if seen == nil {
				seen = make(map[int]bool, 2*len(seenList))
				for _, x := range seenList {
					seen[x] = true
				}
			}
			seen[y] = true
		}
		ring = []int{i}
		for range n {
			var next []int
			for _, x := range ring {
				for _, y := range m.adj[x] {
					if !isSeen(y) {
						see(y)
						next = append(next, y)
					}
				}
			}
			ring = next
		}
		slices.Sort(ring)
	}
	out := make([]PlanetID, len(ring))
	for k, j := range ring {
		out[k] = m.Planets[j].ID
	}
	return out
}

func DecodeMap(d Obj, fs *Faults) *Map {
	m := &Map{Index: map[PlanetID]int{}}
	for _, p := range d.Objs("planets") {
		id := PlanetID(p.Str("id"))
		if _, dup := m.Index[id]; dup {
			fs.Add(p.Src.At("id"), "planet %q is declared twice", id)
			continue
		}
		m.Index[id] = len(m.Planets)
		m.Planets = append(m.Planets, Planet{ID: id, Name: p.Str("name"), Locations: p.int("locations"), Theatres: p.strs("theatres"), src: p.Src})
	}
	m.adj = make([][]int, len(m.Planets))
	seen := map[[2]int]bool{}
	var ids []PlanetID // the planets, once a lane names an unknown one
	for _, l := range d.Objs("lanes") {
		b := l.strs("between")
		if len(b) != 2 {
			continue // the schema said so already
		}
		ok := true
		for i, id := range b {
			if !m.Has(PlanetID(id)) {
				if ids == nil {
					ids = m.IDs()
				}
				fs.Add(l.Src.At("between", i), "unknown planet %q; %s", id, Hint(fs, id, ids, "valid: "+report.OneOf(ids)))
				ok = false
			}
		}
		if !ok {
			continue
		}
		i, j := m.Index[PlanetID(b[0])], m.Index[PlanetID(b[1])]
		if i == j {
			fs.Add(l.Src.At("between"), "a lane joins two different planets, not %q to itself", b[0])
			continue
		}
		key := [2]int{min(i, j), max(i, j)}
		if seen[key] {
			fs.Add(l.Src.At("between"), "the lane %s–%s is declared twice", b[0], b[1])
			continue
		}
		seen[key] = true
		m.Lanes = append(m.Lanes, [2]PlanetID{PlanetID(b[0]), PlanetID(b[1])})
		m.adj[i] = append(m.adj[i], j)
		m.adj[j] = append(m.adj[j], i)
	}
	for i := range m.adj {
		slices.Sort(m.adj[i])
	}
	m.dist = make([][]int, len(m.Planets))
	for i, p := range m.Planets {
		if len(m.Planets) > 1 && len(m.adj[i]) == 0 {
			fs.Add(p.src.At("id"), "planet %q has no lane; add a [[lanes]] entry joining it to the map", p.ID)
		}
	}
	return m
}

// bfs gives the fewest lanes from planet i to every planet (Distance).
func (m *Map) bfs(i int) []int {
	return m.bfsInto(i, make([]int, len(m.Planets)), nil)
}

// bfsInto is bfs into d (as many as the planets), with queue's array for
// its queue when it is large enough.
func (m *Map) bfsInto(i int, d, queue []int) []int {
	for k := range d {
		d[k] = -1
	}
	d[i] = 0
	queue = append(queue[:0], i)
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, y := range m.adj[x] {
			if d[y] < 0 {
				d[y] = d[x] + 1
				queue = append(queue, y)
			}
		}
	}
	return d
}
