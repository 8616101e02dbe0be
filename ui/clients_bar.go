package ui

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// clientsBar lists the sessions on one line, the shown one marked, for
// the command line's spare row (a proxied session cannot send). Its keys
// read "[/]", as help pairs keys ("↑/↓"): "[ ]" read as an unticked
// checkbox. reserve is the room at the end it leaves where it can (for
// barHelp): the other clients' names are shortened for it first.
func (m *Model) clientsBar(reserve int) string {
	st := m.com.st
	k := m.keys
	head := st.Key.Render(k.PrevClient.Help().Key+"/"+k.NextClient.Help().Key) + st.StatusBar.Render(" clients: ")
	if n := m.clients.dropped; n > 0 {
		head += st.Hint.Render("(" + strconv.Itoa(n) + " ended earlier: in their recordings) ")
	}
	if len(m.clients.feeds) == 0 {
		return head + st.Hint.Render("none yet")
	}
	width := m.width - reserve
	parts := make([]string, len(m.clients.feeds))
	for i, f := range m.clients.feeds {
		parts[i] = m.clientTab(i, f, tabFull, 0)
	}
	// The shown one first when they do not all fit: it is the one that
	// matters.
	gap := st.App.Render(" ") // unstyled, it was a hole in a themed background
	line := head + strings.Join(parts, gap)
	if cur := m.clients.cur; cur > 0 && ansi.StringWidth(line) > width {
		line = head + strings.Join(append(parts[cur:], parts[:cur]...), gap)
	}
	// Still too long (a third client on 80 columns was cut away whole):
	// the others are named in brief, by what tells each from the shown
	// one, cut as short as it takes (three clients on 80 columns left no
	// room for "? help"), and then by their numbers alone, in order, so
	// every session is there to step to with [ and ].
	if ansi.StringWidth(line) > width {
		line = m.briefTabs(head, gap, parts, width)
	}
	if ansi.StringWidth(line) > width {
		// Even the numbers do not fit (200 clients on 80 columns): cut
		// at the edge, the shown one was lost past it, so the bar shows
		// the numbers around it instead, and where it is among them all.
		// It leaves the room asked for (the "? help" the screen ends the
		// bar with), unless that would cut the shown one's name: with
		// fifteen clients on 80 columns the help was said nowhere.
		room := m.width - ansi.StringWidth(head)
		window, cut := m.clientsWindow(parts, gap, room-reserve)
		if cut {
			window, _ = m.clientsWindow(parts, gap, room)
		}
		line = head + window
	}
	return line
}

// briefTabs is the clients bar of head and the tabs in brief form, each
// other's name cut to the most that lets the line fit in width, or to
// their numbers when even minBrief cells each do not; parts is filled
// with the tabs it holds.
func (m *Model) briefTabs(head, gap string, parts []string, width int) string {
	brief := func(form tabForm, room int) string {
		for i, f := range m.clients.feeds {
			parts[i] = m.clientTab(i, f, form, room)
		}
		return head + strings.Join(parts, gap)
	}
	// Found by halving: each try names every tab again, and a proxy may
	// have hundreds.
	shorter := sort.Search(briefName-minBrief+1, func(i int) bool {
		return ansi.StringWidth(brief(tabBrief, briefName-i)) <= width
	})
	if shorter > briefName-minBrief {
		return brief(tabNumber, 0)
	}
	return brief(tabBrief, briefName-shorter)
}

// barHelp is the "? help" that ends the clients bar where it has room,
// when the bar took the keys row's place.
func (m *Model) barHelp() string {
	return m.com.st.Hint.Render(" · " + keyHints(m.keys.Help))
}

// clientsWindow is the tabs around the shown one that fit in width
// columns, a "…" on each side that has more, and where the shown one is
// in the list ("16 of 200"); cut reports that even the shown one's name
// had to be cut to fit. parts is left as it was.
func (m *Model) clientsWindow(parts []string, gap string, width int) (line string, cut bool) {
	st := m.com.st
	cur := m.clients.cur
	where := st.Hint.Render(fmt.Sprintf(" %d of %d", cur+1, len(parts)))
	more := st.Hint.Render("…")
	render := func(lo, hi int) string {
		s := strings.Join(parts[lo:hi], gap)
		if lo > 0 {
			s = more + gap + s
		}
		if hi < len(parts) {
			s += gap + more
		}
		return s + where
	}
	lo, hi := cur, cur+1
	if over := ansi.StringWidth(render(lo, hi)) - width; over > 0 {
		// Not even the shown one's name fits: it is cut, so where it is
		// still shows.
		parts = slices.Clone(parts)
		parts[cur] = ansi.Truncate(parts[cur], max(ansi.StringWidth(parts[cur])-over, 1), "…")
		cut = true
	}
	for grew := true; grew; {
		grew = false
		if hi < len(parts) && ansi.StringWidth(render(lo, hi+1)) <= width {
			hi, grew = hi+1, true
		}
		if lo > 0 && ansi.StringWidth(render(lo-1, hi)) <= width {
			lo, grew = lo-1, true
		}
	}
	return render(lo, hi), cut
}

// tabForm is how much of a session's name its tab in the clients bar
// holds.
type tabForm int

const (
	tabFull   tabForm = iota // its whole name
	tabBrief                 // another than the shown one: what tells it from that one
	tabNumber                // another than the shown one: its number alone
)

// briefName is the most of a client's own name a brief tab holds, and
// minBrief the least it is cut to before only its number is left.
const (
	briefName = 14
	minBrief  = 4
)

// clientTab is session f's tab in the clients bar, the i-th, in the form
// given, a brief one naming at most room cells of f's name; the shown one
// is always named whole.
func (m *Model) clientTab(i int, f *clientFeed, form tabForm, room int) string {
	st := m.com.st
	label := sanitize.Line(f.title())
	if i == m.clients.cur {
		form = tabFull
	}
	switch {
	case form == tabBrief && f.Backend == nil:
		label = strconv.Itoa(f.ID) + m.tellApart(f, room)
	case form == tabNumber && f.Backend == nil:
		label = strconv.Itoa(f.ID)
	case form != tabFull:
		label = "you"
	case f.Backend == nil:
		// A client's number; the user's own session needs none.
		label = clientLabel(f.ID, f.title())
	default:
		if tr := f.log.Stats().Transport; tr != "" {
			// The own session's transport is found by detection, after
			// it was named: its log knows which it is (or is trying).
			label += " · " + sanitize.Line(tr)
		}
	}
	if f.ended() {
		label += " (ended)"
	}
	style := st.TabInactive
	if i == m.clients.cur {
		style = st.TabActive
	}
	return style.Render(label)
}

// tellApart is what tells proxied client f from the shown session, for
// its brief tab (" " first; "" when its name says nothing more): its name
// when that differs, cut to room cells, else its transport when that does. Two
// copies of one agent read the same by name, and at 80 columns were
// "2" and "3": which one spoke streamable HTTP and which stateless took
// stepping to each.
func (m *Model) tellApart(f *clientFeed, room int) string {
	var shown Client
	if cur := m.clients.cur; cur >= 0 && cur < len(m.clients.feeds) {
		shown = m.clients.feeds[cur].Client
	}
	switch {
	case f.Name != shown.Name:
		return " " + ansi.Truncate(sanitize.Line(f.Name), room, "…")
	case f.Transport != shown.Transport:
		return " " + ansi.Truncate(sanitize.Line(f.Transport), room, "…")
	}
	return ""
}
