//go:build !race

package main

// raceEnabled says the race detector is on: it takes memory of its own,
// so tests of peak memory do not hold.
const raceEnabled = false
