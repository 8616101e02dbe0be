package mcp

import "hash/maphash"

// maxSeenIDs bounds the event ids a resumed stream remembers to tell new
// events from replayed ones; past it the oldest are forgotten first
// (generations): a resumption replays the latest.
const maxSeenIDs = 4096

// seenIDs are the event ids of one stream and its resumptions (or the
// cursors one listing followed), as hashes.
type seenIDs struct {
	seed maphash.Seed
	set  *generations[uint64, struct{}]
}

// add notes id and reports whether it was new.
func (v *seenIDs) add(id string) bool {
	if v.set == nil {
		v.seed, v.set = maphash.MakeSeed(), newGenerations[uint64, struct{}](maxSeenIDs)
	}
	h := maphash.String(v.seed, id)
	if _, ok := v.set.get(h); ok {
		return false
	}
	v.set.put(h, struct{}{})
	return true
}
