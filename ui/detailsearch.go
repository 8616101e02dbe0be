package ui

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// detailSearch finds text in the Detail pane: "/" while Detail has the
// keys opens its input, enter scrolls the first line holding the text at
// or below the top into view, n and N go to the next and previous one, and
// the title says which of how many it is. The lines are searched once per
// query and selection, when a key asks (never per frame), as drawn: what
// pretty or raw shows is what is found.
type detailSearch struct {
	input textinput.Model
	query string
	hits  []int     // the line of each occurrence of query, ascending (findMatches)
	key   detailKey // the lines hits belong to
	at    int       // the hit shown, -1 for none yet
	// inPart is set when the lines searched show only part of a message
	// too large to draw, so "not found" can say where it looked.
	inPart bool
	// resume is the match that was on screen when the width or the form
	// (v) changed, as its index in hits (-1: none): the lines are made
	// again, and narrower rows can push the match below the screen. hits
	// count occurrences, not lines, which one raw line holds several of
	// where pretty JSON gives a line each.
	resume int
	// waiting is set when enter, n or N searched a placeholder (the lines
	// were still being formatted): the move they asked for is made when
	// the lines come, from where it was asked (waitFrom, waitDir), instead
	// of leaving the match counted and out of view.
	waiting           bool
	waitFrom, waitDir int
}

// find searches lines, the lines of key, for the query; inPart says the
// lines leave out part of what they show.
func (s *detailSearch) find(key detailKey, lines []string, inPart bool) {
	s.key, s.hits, s.at = key, findMatches(lines, s.query), -1
	s.inPart, s.waiting = inPart, false
}

func newDetailSearch(c *common) detailSearch {
	in := textinput.New()
	in.Prompt = "/ "
	in.CharLimit = 256
	styleInput(&in, c.st.TextInput)
	return detailSearch{input: in, at: -1, resume: -1}
}

// searching reports whether the search input has the keyboard.
func (d *detailPane) searching() bool { return d.search.input.Focused() }

// openSearch gives the keyboard to the search input, empty as less's and
// vim's is: the last query held as text had what was typed appended to it
// ("zzzz" became "zzzzzzzz"). Its placeholder names the last query, which
// enter on the empty input finds again.
func (d *detailPane) openSearch() tea.Cmd {
	d.search.input.SetValue("")
	d.search.input.Placeholder = d.searchPlaceholder()
	return d.search.input.Focus()
}

// searchPlaceholder is what the empty search input says: what enter does
// with nothing typed, and how to leave.
func (d *detailPane) searchPlaceholder() string {
	k := d.c.keys
	if d.search.query != "" {
		return sanitize.Line(d.search.query) + " (" + k.Submit.Help().Key + " finds it again, " + k.Cancel.Help().Key + " cancels)"
	}
	return "search this detail (" + k.Submit.Help().Key + " finds, " + k.Cancel.Help().Key + " cancels)"
}

// searchHint is the line under the panes while the search input is open.
func (d *detailPane) searchHint() string {
	k := d.c.keys
	return k.Submit.Help().Key + " find · " + k.Cancel.Help().Key + " cancel · then " +
		k.NextMatch.Help().Key + " and " + k.PrevMatch.Help().Key + " step through the matches · any case"
}

// searchKey handles a key while the search input is open.
func (d *detailPane) searchKey(msg tea.KeyMsg) tea.Cmd {
	k := d.c.keys
	switch {
	case key.Matches(msg, k.Cancel):
		d.search.input.Blur()
		return nil
	case key.Matches(msg, k.Submit):
		d.keepSearch()
		return nil
	}
	var cmd tea.Cmd
	d.search.input, cmd = d.search.input.Update(msg)
	return cmd
}

// keepSearch leaves the search input and searches for what was typed
// (enter, or tab on its way to another pane).
func (d *detailPane) keepSearch() {
	d.search.input.Blur()
	if v := d.search.input.Value(); v != "" {
		d.search.query = v
	}
	d.search.key, d.search.hits = detailKey{}, nil
	d.findFrom(d.scroll.offset, 1)
}

// searched reports whether a search was made (n and N have a query to
// step through).
func (d *detailPane) searched() bool { return d.search.query != "" }

// matched reports whether the search found something in what Detail
// shows, so n and N have matches to step through.
func (d *detailPane) matched() bool {
	s := &d.search
	return s.query != "" && s.key == d.cacheKey && len(s.hits) > 0
}

// matchKey moves to the next (n) or previous (N) match; false when the
// key is neither or there is no query.
func (d *detailPane) matchKey(msg tea.KeyMsg) bool {
	k := d.c.keys
	switch {
	case !d.searched() || d.empty():
		return false
	case key.Matches(msg, k.NextMatch):
		if !d.stepMatch(1) {
			d.findFrom(d.scroll.offset+1, 1)
		}
	case key.Matches(msg, k.PrevMatch):
		if !d.stepMatch(-1) {
			d.findFrom(d.scroll.offset-1, -1)
		}
	default:
		return false
	}
	return true
}

// stepMatch goes from the match shown to the next (dir 1) or previous
// (dir -1) occurrence, wrapping around, and reports whether one was
// shown: a line holding the query twice has two matches to step through,
// which a move by line passed over.
func (d *detailPane) stepMatch(dir int) bool {
	s := &d.search
	if !d.matched() || s.at < 0 || s.at >= len(s.hits) ||
		s.hits[s.at] < d.scroll.offset || s.hits[s.at] >= d.scroll.offset+d.scroll.height {
		return false
	}
	s.at = (s.at + dir + len(s.hits)) % len(s.hits)
	d.scroll.offset = s.hits[s.at] // as findFrom puts a match: its line on top
	d.toResponse, d.keep = false, keptPlace{}
	return true
}

// findFrom scrolls to the first hit at or after line from (dir 1), or at
// or before it (dir -1), wrapping around the end.
func (d *detailPane) findFrom(from, dir int) {
	lines := d.lines()
	if d.search.key != d.cacheKey || d.search.hits == nil {
		d.search.find(d.cacheKey, lines, d.inPart)
	}
	if !d.ready {
		d.search.waiting, d.search.waitFrom, d.search.waitDir = true, from, dir
	}
	hits := d.search.hits
	d.search.at = -1
	if len(hits) == 0 {
		return
	}
	i := 0
	if dir > 0 {
		for i < len(hits) && hits[i] < from {
			i++
		}
		if i == len(hits) {
			i = 0
		}
	} else {
		i = len(hits) - 1
		for i >= 0 && hits[i] > from {
			i--
		}
		if i < 0 {
			i = len(hits) - 1
		}
	}
	d.search.at = i
	d.scroll.offset = hits[i]
	d.toResponse, d.keep = false, keptPlace{}
}

// followSearch searches the selection's lines again when they changed
// under a search made in them (a pending request's progress, its answer
// arriving, pretty or raw, a new width): the title's count and the marks
// went away at the first progress notification and came back only on n.
// It runs from refresh, once per change, never per frame; another
// selection's lines are searched when n or enter asks.
func (d *detailPane) followSearch() {
	s := &d.search
	if s.query == "" || s.hits == nil || !d.ready || s.key == d.cacheKey ||
		s.key.pair != d.cacheKey.pair || s.key.event != d.cacheKey.event {
		return
	}
	s.find(d.cacheKey, d.cache, d.inPart)
	d.placeSearch()
}

// placeSearch picks the match shown in lines just searched again: the one
// on screen when the width changed (brought back into view), or else the
// first in view. Both ways new lines are searched again use it: a resize
// made while the lines of another width were still formatting left the
// match in view and the title saying "1 match", not "1/1".
func (d *detailPane) placeSearch() {
	s := &d.search
	if i := s.resume; i >= 0 && i < len(s.hits) {
		s.resume, s.at = -1, i
		if start, end := d.scroll.visible(len(d.cache)); s.hits[i] < start || s.hits[i] >= end {
			// Off screen at the new size: the match is what was being
			// read. In view, the top line stays where the resize kept it.
			d.scroll.offset = s.hits[i]
		}
		return
	}
	s.resume = -1
	for i, h := range s.hits {
		if h >= d.scroll.offset && h < d.scroll.offset+d.scroll.height {
			s.at = i
			break
		}
	}
}

// searchNote is the title's word on the search: which match of how many,
// or that there is none.
func (d *detailPane) searchNote() string {
	s := &d.search
	if s.query == "" || s.key != d.cacheKey || s.hits == nil {
		return ""
	}
	q := sanitize.Line(s.query)
	if s.waiting {
		// Searched in the placeholder: nothing is known until the lines come.
		return " · looking for “" + q + "” once formatted"
	}
	if len(s.hits) == 0 {
		if s.inPart {
			return " · “" + q + "” not found in what is shown" // a large answer is shown in part
		}
		return " · “" + q + "” not found"
	}
	if s.at < 0 || s.at >= len(s.hits) || s.hits[s.at] < d.scroll.offset || s.hits[s.at] >= d.scroll.offset+d.scroll.height {
		if len(s.hits) == 1 {
			return " · “" + q + "” 1 match"
		}
		return fmt.Sprintf(" · “%s” %d matches", q, len(s.hits))
	}
	return fmt.Sprintf(" · “%s” %d/%d", q, s.at+1, len(s.hits))
}

// findMatches are the lines of each occurrence of q in lines, in any
// case, as drawn (matchSpans, which highlight marks): a line holding q
// twice is there twice. Counted by line, "slow" was 3/3 in pretty JSON and
// 2/2 in raw, where one line holds "name":"slow","title":"Slow work.
func findMatches(lines []string, q string) []int {
	hits := []int{}
	if q == "" {
		return hits
	}
	for i, l := range lines {
		for range matchSpans(ansi.Strip(l), q) {
			hits = append(hits, i)
		}
	}
	return hits
}

// highlight marks every occurrence of the query in the lines shown, so the
// eye lands on what enter, n or N brought into view instead of hunting for
// it along the line. Only the visible lines are looked at (a frame costs
// what it shows), and only while the search belongs to this selection. The
// lines are copied: the cache stays as it is.
func (d *detailPane) highlight(shown []string) []string {
	s := &d.search
	if s.query == "" || s.key != d.cacheKey || len(s.hits) == 0 {
		return shown
	}
	var out []string
	for i, l := range shown {
		spans := matchSpans(ansi.Strip(l), s.query)
		if len(spans) == 0 {
			continue
		}
		if out == nil {
			out = append([]string(nil), shown...)
		}
		var b strings.Builder
		prev := 0
		for _, sp := range spans {
			// Cut keeps the escape codes before its left edge, so the text
			// after a match goes on in the colour it had.
			b.WriteString(ansi.Cut(l, prev, sp[0]))
			b.WriteString(d.c.st.SelectedRow.Render(ansi.Strip(ansi.Cut(l, sp[0], sp[1]))))
			prev = sp[1]
		}
		b.WriteString(ansi.Cut(l, prev, ansi.StringWidth(l)))
		out[i] = b.String()
	}
	if out == nil {
		return shown
	}
	return out
}

// matchSpans are the cell columns [from, to) of each occurrence of q in the
// plain text line, in any case, left to right and not overlapping.
func matchSpans(line, q string) [][2]int {
	lr, qr := foldRunes(line), foldRunes(q)
	if len(qr) == 0 || len(qr) > len(lr) {
		return nil
	}
	raw := []rune(line)
	var spans [][2]int
	col, counted := 0, 0 // the cell column of raw[counted]
	for i := 0; i+len(qr) <= len(lr); {
		if !slices.Equal(lr[i:i+len(qr)], qr) {
			i++
			continue
		}
		col += ansi.StringWidth(string(raw[counted:i]))
		w := ansi.StringWidth(string(raw[i : i+len(qr)]))
		spans = append(spans, [2]int{col, col + w})
		col, counted = col+w, i+len(qr)
		i += len(qr)
	}
	return spans
}

// foldRunes lowers each rune on its own, so the result has as many runes
// as s and an index in it is an index in []rune(s).
func foldRunes(s string) []rune {
	r := []rune(s)
	for i, c := range r {
		r[i] = unicode.ToLower(c)
	}
	return r
}
