package ui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// wheelStep is how many rows one mouse wheel notch moves.
const wheelStep = 3

// list is the cursor and scroll position of a pane of rows. It knows only
// counts, never the rows, so moving costs nothing however long the log is.
type list struct {
	cursor, offset int
	// follow keeps the cursor on the newest row as rows arrive; moving up
	// turns it off, reaching the end turns it back on.
	follow bool
	height int // rows that fit
}

func newList() list { return list{follow: true} }

// shortenable is a pane of rows that can be drawn fewer lines high than its
// size, its cursor (the newest row, when following) kept in view as its own
// height would keep it; the size it keeps is unchanged.
type shortenable interface {
	viewShort(focused bool, h int) []string
}

// sync applies follow and keeps the cursor on screen for n rows.
func (l *list) sync(n int) {
	if l.follow {
		l.cursor = n - 1
	}
	l.clamp(n)
}

// clamp keeps cursor and offset valid and the cursor visible.
func (l *list) clamp(n int) {
	h := l.height
	if h < 1 {
		h = 1
	}
	if l.cursor >= n {
		l.cursor = n - 1
	}
	if l.cursor < 0 {
		l.cursor = 0
	}
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if l.cursor >= l.offset+h {
		l.offset = l.cursor - h + 1
	}
	if max := n - h; l.offset > max {
		l.offset = max
	}
	if l.offset < 0 {
		l.offset = 0
	}
}

// move shifts the cursor by delta rows of n.
func (l *list) move(delta, n int) {
	l.cursor += delta
	if n > 0 {
		// An empty list keeps following: a key pressed before anything
		// arrived must not pin the cursor to the first row.
		l.follow = l.cursor >= n-1
	}
	l.clamp(n)
}

// selectRow puts the cursor on row i (a click).
func (l *list) selectRow(i, n int) {
	if i < 0 || i >= n {
		return
	}
	l.cursor = i
	l.follow = i == n-1
	l.clamp(n)
}

// window is the range of rows on screen.
func (l *list) window(n int) (start, end int) {
	start = l.offset
	end = start + l.height
	if end > n {
		end = n
	}
	if start > end {
		start = end
	}
	return start, end
}

// handleKey moves for the scrolling keys and reports whether it used msg.
func (l *list) handleKey(k *KeyMap, msg tea.KeyMsg, n int) bool {
	page := l.height - 1
	if page < 1 {
		page = 1
	}
	switch {
	case key.Matches(msg, k.Up):
		l.move(-1, n)
	case key.Matches(msg, k.Down):
		l.move(1, n)
	case key.Matches(msg, k.PageUp):
		l.move(-page, n)
	case key.Matches(msg, k.PageDown):
		l.move(page, n)
	case key.Matches(msg, k.Home):
		l.move(-n, n)
	case key.Matches(msg, k.End):
		l.move(n, n)
	default:
		return false
	}
	return true
}

// wheel moves for a mouse wheel notch and reports whether msg was one.
func (l *list) wheel(msg tea.MouseMsg, n int) bool {
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		l.move(-wheelStep, n)
	case tea.MouseButtonWheelDown:
		l.move(wheelStep, n)
	default:
		return false
	}
	return true
}

// scroller is a plain scroll offset over lines, for panes without a cursor.
type scroller struct {
	offset, height int
}

// position is a title's note of where a view starting at line start is in
// n lines (" · 3/40"), or "" when they all fit: a pane whose text runs past
// its bottom says so.
func (s *scroller) position(start, n int) string {
	if n <= s.height {
		return ""
	}
	return fmt.Sprintf(" · %d/%d", start+1, n)
}

// clamp keeps the offset within n lines.
func (s *scroller) clamp(n int) {
	if max := n - s.height; s.offset > max {
		s.offset = max
	}
	if s.offset < 0 {
		s.offset = 0
	}
}

// visible is the range of n lines a view shows: the offset as clamp would
// make it, without changing it, because View changes nothing.
func (s *scroller) visible(n int) (start, end int) {
	start = max(min(s.offset, n-s.height), 0)
	return start, min(start+s.height, n)
}

// handleKey scrolls for the scrolling keys over n lines. It clamps first:
// the lines may have become fewer since the offset was set (a narrower
// pane), and a key must move what the view shows.
func (s *scroller) handleKey(k *KeyMap, msg tea.KeyMsg, n int) bool {
	s.clamp(n)
	page := s.height - 1
	if page < 1 {
		page = 1
	}
	switch {
	case key.Matches(msg, k.Up):
		s.offset--
	case key.Matches(msg, k.Down):
		s.offset++
	case key.Matches(msg, k.PageUp):
		s.offset -= page
	case key.Matches(msg, k.PageDown):
		s.offset += page
	case key.Matches(msg, k.Home):
		s.offset = 0
	case key.Matches(msg, k.End):
		s.offset = n
	default:
		return false
	}
	s.clamp(n)
	return true
}

// wheel scrolls for a mouse wheel notch over n lines.
func (s *scroller) wheel(msg tea.MouseMsg, n int) bool {
	s.clamp(n)
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		s.offset -= wheelStep
	case tea.MouseButtonWheelDown:
		s.offset += wheelStep
	default:
		return false
	}
	s.clamp(n)
	return true
}
