package main

import "time"

// pollFor says whether done came to hold within 10s, asked every 20ms. It
// is for what nothing signals (a file another process writes or closes,
// what a pseudo-terminal has copied so far), where a test can only look
// again, bounded.
func pollFor(done func() bool) bool {
	deadline := time.Now().Add(10 * time.Second)
	for !done() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}
