package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A frame draws the clients bar once: where "? help" does not fit beside
// the clients, the screen drew the bar, then again shortened for the
// help, and with thousands of clients the second drawing was most of the
// frame. The frame costs about what the bar does, not twice it.
func TestClientsBarDrawnOncePerFrame(t *testing.T) {
	m := manyClients(20000, 8000)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "? help") || !strings.Contains(v, "of 20000") {
		t.Fatalf("the clients bar does not end with the help:\n%.300s", v)
	}
	// The rest of a frame as wide: a bar of two clients costs little.
	few := manyClients(2, 8000)
	rest := frameBytes(few) - barBytes(few, few.barHelp())
	bar, frame := barBytes(m, m.barHelp()), frameBytes(m)
	if frame > rest+bar*3/2 {
		t.Errorf("a frame allocates %d bytes, its clients bar %d and the rest of the frame %d: the bar is drawn more than once", frame, bar, rest)
	}
}
