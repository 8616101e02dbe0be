package ui

import (
	"os"

	"github.com/charmbracelet/x/ansi"
)

// clearedOnLeave is the terminal bubbletea draws on, which blanks the
// alternate screen just before bubbletea leaves it. tmux, when the window
// grew while the alternate screen was on, shrinks that screen back to the
// size it had at the start as it leaves it, and the rows it cuts off the
// top of the last frame went into the shell's screen: after a resize to
// 100x30, q left six rows of panes above "session recorded to:". Blank,
// they leave nothing. It stays an *os.File (Fd, Read, Close) so bubbletea
// still reads its size and resizes from it.
type clearedOnLeave struct{ *os.File }

// WriteString writes s, first blanking the screen with the cursor home
// when s is bubbletea leaving the alternate screen: it writes that
// sequence on its own, with io.WriteString.
func (o clearedOnLeave) WriteString(s string) (int, error) {
	if err := o.blankIf(s == ansi.ResetAltScreenSaveCursorMode); err != nil {
		return 0, err
	}
	return o.File.WriteString(s)
}

// Write is WriteString of p, without copying every frame into a string:
// the embedded file's Write would skip the check.
func (o clearedOnLeave) Write(p []byte) (int, error) {
	if err := o.blankIf(string(p) == ansi.ResetAltScreenSaveCursorMode); err != nil {
		return 0, err
	}
	return o.File.Write(p)
}

// blankIf blanks the screen, with the cursor home, when leaving is set:
// what is written next leaves the alternate screen.
func (o clearedOnLeave) blankIf(leaving bool) error {
	if !leaving {
		return nil
	}
	_, err := o.File.WriteString(ansi.EraseEntireScreen + ansi.CursorHomePosition)
	return err
}
