package history

import (
	"github.com/mcpscope/mcpscope/mcp"
)

// listing follows the pages of one list method (tools/list, prompts/list,
// ...). A listing is the answer to a request without a cursor plus the
// pages fetched with the nextCursor each page gave; the newest complete
// listing is what completion offers, and until one completes, the pages so
// far are better than nothing.
type listing[T any] struct {
	cur      []T        // the listing being assembled
	next     mcp.Cursor // the cursor that continues cur; the zero Cursor when none does
	done     []T        // the newest complete listing; shared, never changed
	haveDone bool
}

// page takes one answer: the cursor its request asked with (the zero
// Cursor for none), the items it listed and the cursor it gave for more
// (the zero Cursor for none: the listing's last page).
func (li *listing[T]) page(cursor mcp.Cursor, items []T, next mcp.Cursor) {
	if cursor.Named && cursor != li.next {
		// A page of a listing whose start is not here: it says nothing
		// about the whole list unless there is nothing better.
		if li.haveDone {
			return
		}
		li.cur = nil
	}
	if !cursor.Named {
		li.cur = nil
	}
	li.cur = append(li.cur, items...)
	li.next = next
	last := !next.Named
	if last || !li.haveDone {
		li.done = li.cur[:len(li.cur):len(li.cur)]
		li.haveDone = last
	}
	if last {
		li.cur = nil
	}
}

// answer takes one answer to the list request req: its result, the items
// it listed and its nextCursor as the answer's parser read it (next).
// In 2026-07-28 (emptyNamed) an empty string is a cursor like any other
// ("an empty string is a valid cursor and thus MUST NOT be treated as the
// end of results"): a "cursor":"" asks for a page, not the start, and a
// "nextCursor":"" says more pages follow. Earlier servers write
// "nextCursor":"" on their last page, so there "" is none, as
// mcp.ListPages reads it.
func (li *listing[T]) answer(req *mcp.Record, result []byte, items []T, next string, emptyNamed bool) {
	more := mcp.CursorAt(next)
	if emptyNamed && !more.Named {
		more.Named = mcp.EmptyNextCursor(result)
	}
	li.page(requestCursor(req, emptyNamed), items, more)
}
