package ui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// The tabs of the clients bar: what each says of its session, in the
// forms clients_bar.go lays them out in.

// endedMark follows an ended client's name in the clients bar, and help
// says what it means.
const endedMark = "○"

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
// given, a brief one naming at most room cells of f's name (shared holds
// the tabs said by their transport though their name is not the shown
// one's, toldByTransport); the shown one is always named whole.
func (m *Model) clientTab(i int, f *clientFeed, form tabForm, room int, shared map[*clientFeed]bool) string {
	return m.tabStyle(i).Render(m.tabLabel(i, f, form, room, shared))
}

// numberTab is session f's tab, the i-th, where the bar holds its number
// at most (clientsWindow): a fold's says what it holds in brief, as
// briefTabs names it first. Its number alone ("1" beside "2 curl-client
// 1") read as a client, where it is the sessions a kind of failure folded
// together.
func (m *Model) numberTab(i int, f *clientFeed) string {
	if f.Fold && i != m.clients.cur {
		return m.clientTab(i, f, tabBrief, minBrief, nil)
	}
	return m.clientTab(i, f, tabNumber, 0, nil)
}

// tabStyle is the style of the i-th tab of the clients bar: the shown
// one's, or another's.
func (m *Model) tabStyle(i int) lipgloss.Style {
	if i == m.clients.cur {
		return m.com.st.TabActive
	}
	return m.com.st.TabInactive
}

// tabLabel is the words of clientTab, unstyled.
func (m *Model) tabLabel(i int, f *clientFeed, form tabForm, room int, shared map[*clientFeed]bool) string {
	label := sanitize.Line(f.title())
	if i == m.clients.cur {
		form = tabFull
	}
	switch {
	case form == tabBrief && f.Backend == nil:
		label = strconv.Itoa(f.ID) + m.tellApart(f, room, shared)
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
		// The mark Pairs closes a stream with: at 80 columns a bar of
		// ended clients was mostly " (ended)", and cut their names to
		// their numbers. The shown one has it too: "(ended)" on it and
		// "○" once ] stepped off it read as two states.
		label += " " + endedMark
	}
	return label
}

// tellApart is what tells proxied client f from the shown session, for
// its brief tab (" " first; "" when its name says nothing more): its name
// when that differs, cut to room cells, else its transport when that does. Two
// copies of one agent read the same by name, and at 80 columns were
// "2" and "3": which one spoke streamable HTTP and which stateless took
// stepping to each. A name other tabs share tells them from the shown one
// but not from each other: three mcpscope exec runs beside the Inspector
// were "2 mcps…   3 mcps…   4 mcps…", so such a tab says its transport
// where that tells it apart (shared, toldByTransport), after the start of
// its name: a transport alone is said only of a client named as the
// shown one.
func (m *Model) tellApart(f *clientFeed, room int, shared map[*clientFeed]bool) string {
	var shown Client
	if cur := m.clients.cur; cur >= 0 && cur < len(m.clients.feeds) {
		shown = m.clients.feeds[cur].Client
	}
	tr := " " + ansi.Truncate(sanitize.Line(f.Transport), room, "…")
	switch {
	case f.Name != shown.Name && shared[f]:
		// The start of its name first: its transport alone read as a
		// client named as the shown one is. Half its room, the same in every
		// such tab: cut to what the transport left, "3 m… stateless" read
		// beside "2 mcpsc… sse" as two names.
		return " " + ansi.Truncate(sanitize.Line(f.Name), max(room/2, 2), "…") + tr
	case f.Fold && f.Name != shown.Name:
		return " " + foldBrief(sanitize.Line(f.Name), room)
	case f.Name != shown.Name:
		return " " + ansi.Truncate(sanitize.Line(f.Name), room, "…")
	case f.Transport != shown.Transport:
		return tr
	}
	return ""
}

// toldByTransport are the proxied clients not shown whose brief tab says
// their transport though their name is not the shown one's: a name two or
// more of them share, a transport not the shown one's that no other tab
// says. A second Inspector over sse read "2 sse" beside a mcpscope run
// over sse that read "3 sse" too, where its name had told them apart.
// Found once for a bar: asked of every tab, the bar of many clients cost
// the square of them.
func (m *Model) toldByTransport() map[*clientFeed]bool {
	var shown Client
	if cur := m.clients.cur; cur >= 0 && cur < len(m.clients.feeds) {
		shown = m.clients.feeds[cur].Client
	}
	others := func(yield func(*clientFeed) bool) {
		for i, f := range m.clients.feeds {
			if i != m.clients.cur && f.Backend == nil && !yield(f) {
				return
			}
		}
	}
	names := map[string]int{}
	for f := range others {
		names[f.Name]++
	}
	// said counts the tabs that may say each transport: one named as the
	// shown one says it (tellApart), one of a shared name would.
	said := map[string]int{}
	for f := range others {
		if f.Transport != "" && f.Transport != shown.Transport && (f.Name == shown.Name || names[f.Name] > 1) {
			said[f.Transport]++
		}
	}
	told := map[*clientFeed]bool{}
	for f := range others {
		if f.Name != shown.Name && names[f.Name] > 1 && f.Transport != "" && f.Transport != shown.Transport && said[f.Transport] == 1 {
			told[f] = true
		}
	}
	return told
}

// foldBrief is a fold's name ("(sessions upstream never answered)") in
// room cells, for its brief tab: whole where it fits, else its last words
// that do, after "(…", and at least its last word. Cut as a client's name
// is, it was "(se…": what the sessions are is said by the words after
// "sessions", and the folds' names begin alike.
func foldBrief(name string, room int) string {
	inner, ok := strings.CutPrefix(name, "(")
	inner, closed := strings.CutSuffix(inner, ")")
	words := strings.Fields(inner)
	if ansi.StringWidth(name) <= room || !ok || !closed || len(words) == 0 {
		return ansi.Truncate(name, room, "…")
	}
	brief := "(…" + words[len(words)-1] + ")"
	for i := len(words) - 2; i > 0; i-- {
		longer := "(…" + strings.Join(words[i:], " ") + ")"
		if ansi.StringWidth(longer) > room {
			break
		}
		brief = longer
	}
	if ansi.StringWidth(brief) > briefName {
		return ansi.Truncate(name, room, "…")
	}
	return brief
}
