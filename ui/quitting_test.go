package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// loggedBackend is a fake backend whose session has logged up to seq.
type loggedBackend struct {
	*fakeBackend
	seq int64
}

func (b loggedBackend) Logged() int64 { return b.seq }

// ctrl+c with thousands of records logged but not yet shown says, on the
// last frame and once the screen is given back, that quitting writes them
// to the recording; with a few it says nothing.
func TestQuitSaysTheRecordsItStillWrites(t *testing.T) {
	for _, c := range []struct {
		logged int64
		want   string
	}{{5000, "quitting: writing up to 5000 more records to the recording…"}, {quitBacklogSaid - 1, ""}} {
		m := newTestModel(t, 160, 40, loggedBackend{newFakeBackend(), c.logged}, nil)
		press(m, "ctrl+c")
		view := ansi.Strip(m.View())
		var errw strings.Builder
		m.sayQuitting(&errw)
		if c.want == "" {
			if strings.Contains(view, "quitting") || errw.Len() > 0 {
				t.Errorf("%d records left: quitting says it writes them:\n%s\n%s", c.logged, view, errw.String())
			}
			continue
		}
		if !strings.Contains(view, c.want) {
			t.Errorf("the last frame does not say %q:\n%s", c.want, view)
		}
		if got := errw.String(); got != "mcpscope: "+c.want+"\n" {
			t.Errorf("after the screen quitting says %q, want %q", got, c.want)
		}
	}
}
