package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
)

// After what to send first, the usage is fitted to the room that leaves
// on an 80-column hint row: fitted to the whole row, it was cut at the
// row's end ("prompts/get NAME [arg=value ...] (alias: …") where a
// shorter form of it fits whole.
func TestSurfaceHintFitsTheUsageToTheRoomLeft(t *testing.T) {
	for _, tc := range []struct{ typed, want string }{
		{"prompts/get foo x=", "x: tab asks the server for values · prompts/get NAME [arg=value ...]"},
		{"prompts/get foo ", "foo: tab lists the prompts, then offers its arguments · prompts/get NAME"},
		{"unsubscribe ", "nothing subscribed in this session · resources/unsubscribe URI|TEMPLATE"},
	} {
		c := newLine(t, "")
		c.SetSize(80)
		c.SetSurface(history.Surface{})
		clPress(c, runes(tc.typed))
		if hint := strings.TrimRight(hintOf(c), " "); hint != tc.want {
			t.Errorf("%q: hint %q, want %q", tc.typed, hint, tc.want)
		}
	}
}
