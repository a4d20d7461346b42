package folder

import (
	"errors"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/disk"
	"github.com/warmaster/warmaster/processor/engines"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/processor/report"
	"github.com/warmaster/warmaster/schema"
)

// EnginesDir is the folder of a campaign's war-engine profiles.
const EnginesDir = "engines"

// LoadWarEngines reads the profiles in engines/ and campaign.toml's roster
// and war-engine [rules] options into c.Engines.
func (f *Folder) LoadWarEngines(c *processor.Campaign, d processor.Obj, fs *processor.Faults) error {
	c.Engines = processor.Roster{Profiles: map[string]*engines.Profile{}, Index: map[processor.EngineID]int{}}
	r := &refusals{fs: fs, dir: EnginesDir}
	names, _ := f.tomlFiles(EnginesDir, r, "profile", false, nil)
	valid := 0
	for _, name := range names {
		if processor.ProfileIDRE.MatchString(name) {
			valid++
		}
	}
	profiles := 0
	for _, name := range names {
		file := path.Join(EnginesDir, name+".toml")
		if !processor.ProfileIDRE.MatchString(name) {
			if r.listed() {
				fs.Add(processor.Src{File: file}, "a profile's file name is its id: lowercase letters, digits and hyphens, such as engines/warhound.toml")
			}
			continue
		}
		if profiles++; profiles == processor.MaxProfiles+1 {
			fs.Add(processor.Src{File: file}, "a campaign has at most %d war-engine profiles, and %s/ holds %d: this one and the %d after it were not read; remove the profiles no [[war_engines]] uses", processor.MaxProfiles, EnginesDir, valid, valid-profiles)
		}
		if profiles > processor.MaxProfiles {
			continue
		}
		doc, err := f.Decode(file, schema.Engine, fs)
		if err != nil {
			return err
		}
		if doc != nil {
			c.Engines.Profiles[name] = processor.DecodeProfile(name, processor.NewObj(doc, processor.Src{File: file}), fs)
		}
	}
	r.summarise()
	c.Engines.Rules = processor.DecodeEngineRules(d.Obj("rules"), fs)
	for _, o := range d.Objs("war_engines") {
		e := processor.WarEngine{ID: processor.EngineID(o.Str("id")), Fleet: processor.FleetID(o.Str("fleet")), Src: o.Src}
		if _, dup := c.Engines.Index[e.ID]; dup {
			fs.Add(o.Src.At("id"), "war engine %q is declared twice", e.ID)
			continue
		}
		if _, ok := c.FleetOf(e.Fleet); !ok {
			fs.Add(o.Src.At("fleet"), "unknown fleet %q; %s", e.Fleet, processor.Hint(fs, string(e.Fleet), c.FleetIDs(), "fleets: "+report.OneOf(c.FleetIDs())))
		}
		profile := o.Str("profile")
		if e.Profile = c.Engines.Profiles[profile]; e.Profile == nil {
			if slices.Contains(names, profile) {
				continue // the profile's own file has faults, reported there
			}
			fs.Add(o.Src.At("profile"), "no profile %q: profiles are the files of engines/ (engines/%s.toml); %s", profile, profile, processor.Hint(fs, profile, slices.Sorted(maps.Keys(c.Engines.Profiles)), "profiles: "+report.OneOf(slices.Sorted(maps.Keys(c.Engines.Profiles)))))
			continue
		}
		c.Engines.Index[e.ID] = len(c.Engines.Engines)
		c.Engines.Engines = append(c.Engines.Engines, e)
	}
	return nil
}

// ReadProfile reads and checks one war-engine profile file, as a campaign
// reads engines/<profile>.toml; its id is the file's name. Faults are an
// *InvalidError naming the file as given.
func ReadProfile(file string) (*engines.Profile, error) {
	data, err := disk.ReadPath(file, schema.LimitOf(schema.Engine).Bytes)
	if errors.Is(err, disk.ErrTooLarge) {
		err = nil // refused at its limit, below, without reading the rest
	}
	if err != nil {
		return nil, fmt.Errorf("read profile: %w", err)
	}
	var fs processor.Faults
	text := func(string) []byte { return data }
	doc, sf := schema.Decode(schema.Engine, data)
	if len(sf) > 0 {
		fs.AddSchema(file, sf)
		return nil, fs.Err(text)
	}
	id := strings.TrimSuffix(path.Base(strings.ReplaceAll(file, "\\", "/")), ".toml")
	p := processor.DecodeProfile(id, processor.NewObj(doc, processor.Src{File: file}), &fs)
	if err := fs.Err(text); err != nil {
		return nil, err
	}
	return p, nil
}

// encodeEngines is the roster's conditions for state.toml; nil without engines.
func encodeEngines(s *processor.State) map[string]owntoml.EngineFile {
	if len(s.C.Engines.Engines) == 0 {
		return nil
	}
	out := map[string]owntoml.EngineFile{}
	for _, e := range s.C.Engines.Engines {
		c := s.Engines[e.ID]
		ef := owntoml.EngineFile{Profile: e.Profile.ID, Destroyed: c.Destroyed(e.Profile)}
		if e.Profile.Behemoth != nil {
			b := c.Behemoth
			ef.Hull, ef.Legs, ef.Weapons = ptr(b.DamagePoints[engines.Hull]), ptr(b.DamagePoints[engines.Legs]), ptr(b.DamagePoints[engines.Weapons])
			for _, x := range b.Crippled {
				ef.Crippled = append(ef.Crippled, owntoml.CrippledFile{Zone: x.Zone, Below: x.Below, Effect: x.Effect, Option: x.Option})
			}
		} else {
			w := c.WarMachine
			ef.StructurePoints, ef.Fields, ef.WeaponsLost, ef.MoveLost, ef.Immobilised = ptr(w.StructurePoints), w.Fields, w.WeaponsLost, w.MoveLost, w.Immobilised
		}
		out[string(e.ID)] = ef
	}
	return out
}

func ptr(n int) *int { return &n }

// decodeEngines reads the engines' conditions from state.toml. An engine of
// the roster the state does not hold yet starts as its profile gives it.
func decodeEngines(s *processor.State, files map[string]owntoml.EngineFile, at processor.Src, bad func(processor.Src, string, ...any)) {
	c := s.C
	for _, id := range slices.Sorted(maps.Keys(files)) {
		ef := files[id]
		e, ok := c.Engines.Engine(processor.EngineID(id))
		here := at.At(id)
		switch {
		case !ok:
			bad(here, "unknown war engine %q: campaign.toml's [[war_engines]] has %s", id, report.OneOf(c.Engines.Ids()))
			continue
		case ef.Profile != e.Profile.ID:
			bad(here.At("profile"), "%s is a %s here but campaign.toml makes it a %s: an engine keeps its profile (add a new engine instead)", id, ef.Profile, e.Profile.ID)
			continue
		}
		var cond processor.EngineCondition
		var fits []engines.KeyFault
		if b := e.Profile.Behemoth; b != nil {
			if ef.Hull == nil || ef.Legs == nil || ef.Weapons == nil {
				bad(here, "%s is a Behemoth: it needs hull, legs and weapons", id)
				continue
			}
			cond.Behemoth = engines.BehemothCondition{DamagePoints: [3]int{*ef.Hull, *ef.Legs, *ef.Weapons}, Destroyed: ef.Destroyed}
			for _, x := range ef.Crippled {
				cond.Behemoth.Crippled = append(cond.Behemoth.Crippled, engines.Crippling{Zone: x.Zone, Below: x.Below, Effect: x.Effect, Option: x.Option})
			}
			fits = cond.Behemoth.Fits(b)
		} else {
			if ef.StructurePoints == nil {
				bad(here, "%s is a War Machine: it needs structure_points", id)
				continue
			}
			cond.WarMachine = engines.WarMachineCondition{StructurePoints: *ef.StructurePoints, Fields: ef.Fields, WeaponsLost: ef.WeaponsLost, MoveLost: ef.MoveLost, Immobilised: ef.Immobilised, Destroyed: ef.Destroyed}
			fits = cond.WarMachine.Fits(e.Profile.WarMachine)
		}
		for _, f := range fits {
			to := here
			for _, seg := range strings.Split(f.Key, "/") {
				to = to.At(seg)
			}
			bad(to, "%s", f.Message)
		}
		s.Engines[e.ID] = cond
	}
}

// engineProfileRE matches a war-engine profile's path: the Warmaster's file,
// like campaign.toml.
var engineProfileRE = regexp.MustCompile(`^engines/[^/]+\.toml$`)

// CopyProfiles writes the war-engine profiles as read into another
// campaign folder (a replay's scratch folder).
func (f *Folder) CopyProfiles(dir *disk.Dir) error {
	for _, file := range slices.Sorted(maps.Keys(f.Texts)) {
		if !engineProfileRE.MatchString(file) {
			continue
		}
		if err := dir.WriteFile(file, f.Texts[file]); err != nil {
			return err
		}
	}
	return nil
}
