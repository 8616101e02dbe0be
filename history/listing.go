package history

// listing follows the pages of one list method (tools/list, prompts/list,
// ...). A listing is the answer to a request without a cursor plus the
// pages fetched with the nextCursor each page gave; the newest complete
// listing is what completion offers, and until one completes, the pages so
// far are better than nothing.
type listing[T any] struct {
	cur      []T    // the listing being assembled
	next     string // the cursor that continues cur
	done     []T    // the newest complete listing; shared, never changed
	haveDone bool
}

// page takes one answer: the cursor its request asked with, the items it
// listed and the cursor it gave for more.
func (li *listing[T]) page(cursor string, items []T, next string) {
	if cursor != "" && cursor != li.next {
		// A page of a listing whose start is not here: it says nothing
		// about the whole list unless there is nothing better.
		if li.haveDone {
			return
		}
		li.cur = nil
	}
	if cursor == "" {
		li.cur = nil
	}
	li.cur = append(li.cur, items...)
	li.next = next
	if next == "" || !li.haveDone {
		li.done = li.cur[:len(li.cur):len(li.cur)]
		li.haveDone = next == ""
	}
	if next == "" {
		li.cur = nil
	}
}
