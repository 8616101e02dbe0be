package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool whose name the server gave two tools is described, in the
// command line's hint, with a note that a call cannot tell them apart;
// the note stays while its arguments are typed.
func TestHintSaysATwiceListedToolIsAmbiguous(t *testing.T) {
	l := liveListing(t, []mcptest.Tool{
		{Name: "ok", Description: "the first"}, {Name: "ok", Description: "the second"}, {Name: "", Description: "nameless"},
	})
	l.tm.Type("c")
	l.waitFor(`""`) // the empty name is listed as "", not as a gap
	l.tm.Type("ok")
	l.waitFor(`ok — ⚠ tools/call cannot tell apart the 2 tools named "ok" · the first`)
	l.mark()
	l.tm.Type(" ")
	l.waitFor(`⚠ tools/call cannot tell apart the 2 tools named "ok"`)
	l.quit()
}

// A tool with an empty name, typed as "", is named "" in its own hint as
// in the list of names: the hint began " — ⚠ its name is empty", the name
// it warns of not there.
func TestHintNamesTheNamelessTool(t *testing.T) {
	l := liveListing(t, []mcptest.Tool{
		{Name: "ok", Description: "the first"}, {Name: "", Description: "nameless"},
	})
	l.tm.Type(`c "" `)
	l.waitFor(`"" — ⚠ its name is empty`)
	l.quit()
}

// A tool named "a\u200db" beside one named "ab" is listed among the names
// to call in its escaped form: the screen drops the joiner, and both read
// "ab", so the user could not tell which one Tab would complete.
func TestHintShowsANameWithHiddenCharactersEscaped(t *testing.T) {
	l := liveListing(t, []mcptest.Tool{
		{Name: "a\u200db", Description: "the hidden one"}, {Name: "ab", Description: "the plain one"},
	})
	l.tm.Type("c")
	l.waitFor(`"a\u200db"  ab`)
	l.quit()
}
