package mcp

import "hash/maphash"

// maxSeenIDs bounds the event ids a resumed stream remembers to tell new
// events from replayed ones; past it every id counts as new (the request's
// timeout still bounds the whole).
const maxSeenIDs = 4096

// seenIDs are the event ids of one stream and its resumptions (or the
// cursors one listing followed), as hashes.
type seenIDs struct {
	seed maphash.Seed
	set  map[uint64]struct{}
}

// add notes id and reports whether it was new.
func (v *seenIDs) add(id string) bool {
	if v.set == nil {
		v.seed, v.set = maphash.MakeSeed(), map[uint64]struct{}{}
	}
	h := maphash.String(v.seed, id)
	if _, ok := v.set[h]; ok {
		return false
	}
	if len(v.set) < maxSeenIDs {
		v.set[h] = struct{}{}
	}
	return true
}
