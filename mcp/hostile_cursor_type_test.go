package mcp

import (
	"strings"
	"testing"
)

// A page whose nextCursor is not a string (a number, an object) ends a
// listing that follows the pages with an error naming it: a cursor goes
// back as the server wrote it, so no next page can be asked for, and
// ending there without a word passed one page for the whole list. Asked
// for one page, the page is the answer.
func TestNextCursorNotAStringIsSaid(t *testing.T) {
	for _, method := range []string{"tools/list", "prompts/list"} {
		for _, cursor := range []any{5, map[string]any{"page": 2}} {
			s, pages := dialPages(t, method, func(int32) any { return cursor })
			err := listTestPages(t, s, method, true)
			if CauseOf(err) != CauseBadCursor || !strings.Contains(err.Error(), "not a string") {
				t.Errorf("%s --all with nextCursor %v = %v (cause %q), want %q saying it is not a string", method, cursor, err, CauseOf(err), CauseBadCursor)
			}
			if got := pages.Load(); got != 1 {
				t.Errorf("%s --all with nextCursor %v asked for %d pages, want 1", method, cursor, got)
			}
			if err := listTestPages(t, s, method, false); err != nil {
				t.Errorf("%s (one page) with nextCursor %v = %v, want the page", method, cursor, err)
			}
		}
	}
}
