//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package ui

// lockHistory is a no-op where flock is not available: saves of one
// process are still ordered by historyFile's mutex.
func lockHistory(string) (unlock func(), err error) { return func() {}, nil }
