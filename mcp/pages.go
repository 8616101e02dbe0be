package mcp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// Cursor is where a listing starts: the zero Cursor asks for the first
// page (no cursor is sent); a Named one sends Text as the cursor, the
// empty string too, which 2026-07-28 counts as a page ("an empty string
// is a valid cursor") that only a cursor can reach.
type Cursor struct {
	Text  string
	Named bool
}

// CursorAt is the cursor text, or the first page for "": the cursor a
// server's non-empty nextCursor gives.
func CursorAt(text string) Cursor { return Cursor{Text: text, Named: text != ""} }

// ListPages asks for a paged list (resources/list, resources/templates/list,
// prompts/list, or any method paged by nextCursor) starting at cursor (the
// zero Cursor for the first page) and, when all is set, follows nextCursor
// to the last page.
// It returns every page's answer in order. The same bounds as tools/list
// stop a server whose cursor never ends or whose pages never stop growing;
// the pages read so far come back with the error.
func (s *Session) ListPages(ctx context.Context, method string, cursor Cursor, all bool) ([]*Response, error) {
	var pages []*Response
	send := func(params json.RawMessage) (*Response, error) {
		resp, err := s.Request(ctx, method, params)
		if resp != nil {
			pages = append(pages, resp)
		}
		return resp, err
	}
	_, err := listPages(method, cursor, all, s.emptyCursorFollowed(), send, func(resp *Response) (string, bool, error) {
		return nextCursorIn(method, resp.Result)
	})
	return pages, err
}

// nextCursorIn is pageCursor of the nextCursor of result, a list answer's
// JSON text; none when result is no JSON object. It is read with the one
// JSON scanner and no memory per member: with encoding/json, one item
// nested past 10,000 levels (a resource's _meta) hid the cursor, and the
// listing ended there without a word.
func nextCursorIn(method string, result []byte) (cursor string, named bool, err error) {
	m, ok := Members(result, "nextCursor")
	if !ok || m[0] == nil {
		return "", false, nil
	}
	doc, err := jsonspan.Parse(m[0], jsonspan.Limits{Values: 1})
	if err != nil {
		return "", false, nil
	}
	return pageCursor(method, doc.Root())
}

// EmptyNextCursor reports whether a list answer's result names the empty
// string as its nextCursor, read as ListPages reads it: a 2026-07-28 cursor
// ("" names a page there), told from a nextCursor that is not there.
func EmptyNextCursor(result []byte) bool {
	next, named, err := nextCursorIn("", result)
	return err == nil && named && next == ""
}

// PagesStopped reports a listing of every page that a bound or a cursor
// that went round (or one that is no string) ended, with the pages read
// before it: what they list is the server's, and kept.
func PagesStopped(err error) bool {
	switch CauseOf(err) {
	case CauseLimit, CauseCursorLoop, CauseBadCursor:
		return true
	}
	return false
}

// emptyCursorFollowed reports whether an empty nextCursor names a next
// page: in 2026-07-28 it does ("an empty string is a valid cursor and thus
// MUST NOT be treated as the end of results"); the earlier revisions say
// nothing of it, and servers of theirs that write "nextCursor":"" for the
// last page are kept from going round their first page again.
func (s *Session) emptyCursorFollowed() bool { return s.modern() }

// pageCursor reads a page's nextCursor: named is false when it names none
// (absent or null), and true for any string, the empty one too. One of
// another type (a number, an object) is an error: a cursor is a string sent
// back as the server wrote it, so there is no next page to ask for, and
// ending there without a word passed the pages read for the whole list.
func pageCursor(method string, next jsonspan.Value) (cursor string, named bool, err error) {
	switch next.Kind() {
	case 0, jsonspan.Null:
		return "", false, nil
	case jsonspan.String:
		s, _ := next.Text()
		return s, true, nil
	}
	return "", false, &WireError{Cause: CauseBadCursor, Message: fmt.Sprintf("%s: the server's nextCursor is %s (%s), not a string: a cursor goes back as the server wrote it, so the next page cannot be asked for", method, next.KindName(), clip.Quote(string(next.Raw()), 64))}
}

// listPages is the one paging loop: it sends method's request for the page
// at cursor and, when all is set, for each nextCursor that each reads from
// an answer, within maxToolPages and maxToolBytes, until a cursor comes
// back that it followed before. send and each are the caller's: ListPages
// keeps every page's answer, ListToolsFrom the tools they list. It returns
// the last answer, with the error that ended the loop: a failed request, a
// JSON-RPC error, each's error (a nextCursor that is no string only when
// all is set: one page asked for came whole), or a bound. cursor "" asks
// for the first page; an empty nextCursor a page names is followed, sent
// as "cursor":"", only when emptyFollowed (emptyCursorFollowed).
func listPages(method string, cursor Cursor, all, emptyFollowed bool, send func(params json.RawMessage) (*Response, error), each func(*Response) (next string, named bool, err error)) (*Response, error) {
	var resp *Response
	size := 0
	// A cursor named again would go round the same pages until a bound:
	// the listing ends at the first repeat. Cursors are kept as hashes: a
	// server's cursors of a megabyte each would otherwise hold up to
	// maxToolPages megabytes here besides the pages.
	var seen seenIDs
	if cursor.Named {
		seen.add(cursor.Text)
	}
	for page := 0; ; page++ {
		if page == maxToolPages {
			return resp, &WireError{Cause: CauseLimit, Message: fmt.Sprintf("%s: stopped after %d pages: the server's nextCursor never ends", method, maxToolPages)}
		}
		if size > maxToolBytes {
			return resp, &WireError{Cause: CauseLimit, Message: fmt.Sprintf("%s: stopped after %d pages holding %d bytes, past the %d-byte bound", method, page, size, maxToolBytes)}
		}
		var params json.RawMessage
		if page > 0 || cursor.Named {
			params, _ = json.Marshal(map[string]string{"cursor": cursor.Text})
		}
		var err error
		resp, err = Checked(send(params))
		if err != nil {
			return resp, err
		}
		size += len(resp.Raw)
		next, named, err := each(resp)
		if !all && CauseOf(err) == CauseBadCursor {
			// One page was asked for, and came: its cursor is the
			// next request's to fail.
			err = nil
		}
		if err != nil || !all || !named || next == "" && !emptyFollowed {
			return resp, err
		}
		if !seen.add(next) {
			return resp, &WireError{Cause: CauseCursorLoop, Message: fmt.Sprintf("%s: stopped after %d pages: the server answered nextCursor %q again, so the pages would repeat forever", method, page+1, clip.Quote(next, 64))}
		}
		cursor = Cursor{Text: next, Named: true}
	}
}
