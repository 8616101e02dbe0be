package mcp

import "slices"

// The tools a session knows come from its newest tools/list listing that
// ended (whole, or stopped by a bound: PagesStopped): each listing is
// numbered as it begins, and what one read is kept only when no listing
// that began after it has been kept.

// startListing numbers a tools/list listing as it begins.
func (s *Session) startListing() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.listings++
	return s.listings
}

// forgetToolsLocked forgets the tools known, and what any listing under
// way reads: a new session began, which may offer other tools than the
// one those listings asked. s.mu is held.
func (s *Session) forgetToolsLocked() {
	s.tools = nil
	s.toolsFrom = s.listings + 1
}

// keepTools makes tools, what the listing logged as listing
// (startListing) read, what the session knows of the tools: in place of
// those known, or, for a later page (later), added to them, a tool named
// again replaces its entry. Not when the tools known came from a listing
// that began after this one, or a new session began since this one did
// (forgetToolsLocked): two listings at once (l pressed twice, a
// listing and the re-list after list_changed) end in either order, and the
// older one's answer, read before the other's, undid what the newer
// learnt.
func (s *Session) keepTools(listing uint64, tools []Tool, later bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if listing < s.toolsFrom {
		return
	}
	s.toolsFrom = listing
	// A new slice: a caller may still hold a tool found in the old one.
	// Found by name through a map: a page of thousands searched the
	// known tools for each of its own. A first page merges too, from
	// nothing: a listing's pages come together, and a tool named on two
	// of them is known once, as the later page says.
	var known []Tool
	if later {
		known = slices.Clone(s.tools)
	}
	at := make(map[string]int, len(known))
	for i, t := range known {
		at[t.Name] = i
	}
	for _, t := range tools {
		if i, ok := at[t.Name]; ok {
			known[i] = t
		} else {
			at[t.Name] = len(known)
			known = append(known, t)
		}
	}
	s.tools = known
}
