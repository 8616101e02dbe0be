package main

// recentLines remembers the last few lines printed, so one said again soon
// (detection's two probes redirected alike) is said once, while a server
// redirecting every request somewhere new costs a bounded memory.
type recentLines struct {
	seen  map[string]bool
	order []string // ring of what seen holds, oldest at next
	next  int
}

// maxRecentLines is how many lines recentLines remembers.
const maxRecentLines = 64

// first reports whether line is none of the last maxRecentLines lines
// given, and remembers it.
func (r *recentLines) first(line string) bool {
	if r.seen[line] {
		return false
	}
	if r.seen == nil {
		r.seen = make(map[string]bool, maxRecentLines)
	}
	if len(r.order) < maxRecentLines {
		r.order = append(r.order, line)
	} else {
		delete(r.seen, r.order[r.next])
		r.order[r.next] = line
		r.next = (r.next + 1) % maxRecentLines
	}
	r.seen[line] = true
	return true
}
