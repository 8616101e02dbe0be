package ui

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// clientsBar lists the sessions on one line, the shown one marked, for
// the command line's spare row (a proxied session cannot send). Its keys
// read "[/]", as help pairs keys ("↑/↓"): "[ ]" read as an unticked
// checkbox. It ends with end (barHelp) where that fits without cutting
// the shown one's name, the other clients' names shortened for it first;
// where it does not, the bar is as it is without end. Each form is drawn
// once: the screen drew the bar, and again for end, every frame end did
// not fit.
func (m *Model) clientsBar(end string) string {
	st := m.com.st
	k := m.keys
	head := st.Key.Render(k.PrevClient.Help().Key+"/"+k.NextClient.Help().Key) + st.StatusBar.Render(" clients:") // each tab's padding is the space after it
	n := m.clients.dropped
	if n == 0 {
		return m.clientsLine(end, head)
	}
	// At 80 columns the words took half the bar: the shown client's name
	// was cut to "80 mcpscop…" and the help went. The count alone says as
	// much to one who read them once.
	return m.clientsLine(end, head+st.Hint.Render(" ("+strconv.Itoa(n)+" ended earlier: in their recordings)"),
		head+st.Hint.Render(" ("+strconv.Itoa(n)+" ended earlier)"))
}

// clientsLine is the clients bar after a head, ended with end where that
// fits (clientsBar): the first of heads that leaves room for the shown
// tab whole and end, else the last. The head is chosen before the bar is
// drawn: at narrow widths with clients let go the bar was drawn with the
// longer head, found cut, and drawn again, every frame. end comes a space
// after what is before it, unless that is a tab other than the shown one,
// whose padding is the space: "4 win…  · ? help" read two.
func (m *Model) clientsLine(end string, heads ...string) string {
	st := m.com.st
	tabsEnd := end // after the last tab
	if end != "" {
		end = st.Hint.Render(" ") + end
		if len(m.clients.feeds)-1 == m.clients.cur {
			// The shown one's padding is in its fill: "·" stood
			// against that.
			tabsEnd = end
		}
	}
	endW, tabsEndW := ansi.StringWidth(end), ansi.StringWidth(tabsEnd)
	head := heads[len(heads)-1]
	if len(m.clients.feeds) == 0 {
		line := head + st.Hint.Render(" none yet")
		if ansi.StringWidth(line)+endW <= m.width {
			return line + end
		}
		return line
	}
	feeds := m.clients.feeds
	gap := st.App.Render(" ") // unstyled, it was a hole in a themed background
	gapW := ansi.StringWidth(gap)
	numbersFit := func(width int) bool { return len(feeds)*(1+gapW)-gapW <= width }
	nums := make([]string, len(feeds))
	tab := func(i int) string {
		if nums[i] == "" {
			nums[i] = m.numberTab(i, feeds[i])
		}
		return nums[i]
	}
	for _, h := range heads[:len(heads)-1] {
		if m.keepsShown(tab, gapW, m.width-ansi.StringWidth(h)-endW) {
			head = h
			break
		}
	}
	room := m.width - ansi.StringWidth(head)
	// Every tab is a cell at least: with hundreds of clients not even their
	// numbers fit, and naming each in every form only to find that out was
	// most of the proxy TUI's time. Only the tabs around the shown one are
	// drawn then.
	parts := make([]string, len(feeds))
	full := "" // the tabs named in full, where they fit without end
	if numbersFit(room) {
		for i, f := range feeds {
			parts[i] = m.clientTab(i, f, tabFull, 0, nil)
		}
		w := tabsWidth(parts, gapW)
		if w <= room-tabsEndW {
			return head + strings.Join(parts, gap) + tabsEnd
		}
		if w <= room {
			full = head + strings.Join(parts, gap)
		}
		// Still too long (a third client on 80 columns was cut away
		// whole): the others are named in brief, by what tells each from
		// the shown one, cut as short as it takes (three clients on 80
		// columns left no room for "? help"), and then by their numbers
		// alone, in order, so every session is there to step to with [
		// and ].
		if endW > 0 && numbersFit(room-tabsEndW) {
			if line, ok, bare := m.briefTabs(parts, gap, room-tabsEndW); ok {
				// A fold's number alone ("1" beside "7 delta · streamable")
				// said nothing of what it holds: its words go before end,
				// which the help key says too.
				if !bare {
					return head + line + tabsEnd
				}
				if named, ok, bare := m.briefTabs(parts, gap, room); ok && !bare {
					return head + named
				}
				// Not even without end: the window below names it.
			}
		}
	}
	// Even the numbers do not fit (200 clients on 80 columns): cut at the
	// edge, the shown one was lost past it, so the bar shows the numbers
	// around it instead, and where it is among them all. It leaves room
	// for end, unless that would cut the shown one's name: with fifteen
	// clients on 80 columns the help was said nowhere.
	if endW > 0 {
		if window, cut := m.clientsWindow(len(feeds), tab, gap, room-endW); !cut {
			return head + window + end
		}
	}
	// end does not fit: where the shown client's own name is too long for
	// it, shortening for it had cut the others from the bar for an end it
	// did not show.
	if full != "" {
		return full
	}
	if numbersFit(room) {
		if line, ok, bare := m.briefTabs(parts, gap, room); ok && !bare {
			return head + line
		}
	}
	window, _ := m.clientsWindow(len(feeds), tab, gap, room)
	return head + window
}

// keepsShown reports whether the clients bar keeps the shown tab whole in
// width columns, as clientsLine draws it: every tab by its number at
// least (the brief form), or the window of the shown one alone. tab is
// each tab by its number.
func (m *Model) keepsShown(tab func(i int) string, gapW, width int) bool {
	n, cur := len(m.clients.feeds), m.clients.cur
	if n*(1+gapW)-gapW <= width {
		w := gapW * (n - 1)
		for i := range n {
			w += ansi.StringWidth(tab(i))
		}
		if w <= width {
			return true
		}
	}
	_, short, more := m.windowMarks()
	edges := windowEdges(n, cur, cur+1, ansi.StringWidth(more), ansi.StringWidth(short))
	return ansi.StringWidth(tab(cur))+edges <= width
}

// tabsWidth is the cells tabs take side by side, gapW apart.
func tabsWidth(tabs []string, gapW int) int {
	w := gapW * (len(tabs) - 1)
	for _, t := range tabs {
		w += ansi.StringWidth(t)
	}
	return w
}

// briefTabs is the tabs in brief form, each other's name cut to the most
// that lets them fit in width, and ok; where even minBrief cells each do
// not fit, the ones nearest the shown one keep minBrief cells and the rest
// their numbers alone. When not even the numbers fit, ok is false. The
// search is on widths, each tab's measured once for each form tried (its
// label's and its style's frame), and each tab is drawn once, in the form
// chosen: drawing every tab at each step of the search was most of a bar
// of a dozen clients. bare reports that a fold's tab is its number alone.
func (m *Model) briefTabs(parts []string, gap string, width int) (line string, ok, bare bool) {
	feeds := m.clients.feeds
	shared := m.toldByTransport()
	// A form is a tab's room: 0 for its number alone, else the cells of
	// its name a brief tab holds.
	measured := make([][briefName + 1]int, len(feeds))
	measure := func(i, room int) int {
		if w := measured[i][room]; w > 0 {
			return w
		}
		form := tabBrief
		if room == 0 {
			form = tabNumber
		}
		w := m.tabStyle(i).GetHorizontalFrameSize() + ansi.StringWidth(m.tabLabel(i, feeds[i], form, room, shared))
		measured[i][room] = w
		return w
	}
	rooms := make([]int, len(feeds))
	widths := make([]int, len(feeds))
	total := ansi.StringWidth(gap) * (len(feeds) - 1)
	set := func(i, room int) {
		w := measure(i, room)
		total += w - widths[i]
		widths[i], rooms[i] = w, room
	}
	fits := func(room int) bool {
		for i := range feeds {
			set(i, room)
		}
		return total <= width
	}
	// widen names the tabs nearest the shown one (the ones [ and ] reach
	// first) with room cells each, as many as fit: at 80 columns four
	// clients one column short of minBrief each were numbers alone, ten
	// columns left empty after them.
	widen := func(room int) {
		for _, i := range m.widenOrder() {
			was := rooms[i]
			if set(i, room); total > width {
				set(i, was)
			}
		}
	}
	draw := func() (string, bool, bool) {
		bare := false
		for i, f := range feeds {
			form := tabBrief
			if rooms[i] == 0 {
				form = tabNumber
				bare = bare || f.Fold && i != m.clients.cur
			}
			parts[i] = m.clientTab(i, f, form, rooms[i], shared)
		}
		return strings.Join(parts, gap), true, bare
	}
	if !fits(minBrief) {
		if !fits(0) {
			return "", false, false
		}
		widen(minBrief)
		return draw()
	}
	shorter := sort.Search(briefName-minBrief, func(i int) bool {
		return fits(briefName - i)
	})
	room := briefName - shorter
	fits(room)
	if room < briefName {
		widen(room + 1) // the columns a cell each short of room+1 left
	}
	return draw()
}

// widenOrder is the order briefTabs names tabs in where not all fit
// named: a fold's first (its number alone reads as a client named as the
// shown one, which it never is: "1" beside "5 curl-client" was the
// sessions upstream never answered), then the nearest to the shown one.
func (m *Model) widenOrder() []int {
	near := m.nearestTabs()
	order := make([]int, 0, len(near))
	for _, i := range near {
		if m.clients.feeds[i].Fold {
			order = append(order, i)
		}
	}
	for _, i := range near {
		if !m.clients.feeds[i].Fold {
			order = append(order, i)
		}
	}
	return order
}

// nearestTabs is the indexes of the tabs other than the shown one, the
// nearest to it first, the one after it before the one before it.
func (m *Model) nearestTabs() []int {
	n, cur := len(m.clients.feeds), max(m.clients.cur, 0)
	order := make([]int, 0, n)
	for d := 1; len(order) < n-1 && d < n; d++ {
		for _, i := range []int{cur + d, cur - d} {
			if i >= 0 && i < n {
				order = append(order, i)
			}
		}
	}
	return order
}

// barHelp is the "? help" that ends the clients bar where it has room,
// when the bar took the keys row's place.
func (m *Model) barHelp() string {
	return m.com.st.Hint.Render("· " + keyHints(m.keys.Help))
}

// clientsWindow is the tabs around the shown one, of the n that tab
// draws, that fit in width columns, a "…" on each side that has more, and
// where the shown one is among the clients ("client 16 of 200",
// windowMarks); cut reports that even the shown one's name had to be cut
// to fit.
func (m *Model) clientsWindow(n int, tab func(i int) string, gap string, width int) (line string, cut bool) {
	where, short, more := m.windowMarks()
	line, cut, lo, hi := m.windowWith(n, tab, gap, width, where, more)
	cur := m.clients.cur
	if !cut && (lo < cur || cur == 0) && (hi > cur+1 || hi == n) {
		return line, cut
	}
	// "client 101 of 200" on 80 columns left room for the tab after the
	// shown one only: the short form keeps the ones on both sides (or the
	// shown name whole), and its numbers are the tabs' own.
	sline, scut, slo, shi := m.windowWith(n, tab, gap, width, short, more)
	if (cut && !scut) || (!scut && slo < lo && shi >= hi) || (!scut && shi > hi && slo <= lo) {
		return sline, scut
	}
	return line, cut
}

// windowWith is clientsWindow's window with where drawn after it, and
// the tabs lo to hi it shows.
func (m *Model) windowWith(n int, tab func(i int) string, gap string, width int, where, more string) (line string, cut bool, lo, hi int) {
	cur := m.clients.cur
	shown := tab(cur)
	render := func(lo, hi int) string {
		var b strings.Builder
		// A tab's padding spaces it from "…" and from where: a gap
		// there too read as a hole, "…  3".
		if lo > 0 {
			b.WriteString(" " + more)
		}
		for i := lo; i < hi; i++ {
			if i > lo {
				b.WriteString(gap)
			}
			if i == cur {
				b.WriteString(shown)
			} else {
				b.WriteString(tab(i))
			}
		}
		if hi < n {
			b.WriteString(more + " ")
		}
		return b.String() + where
	}
	// The line's width is summed as it grows, each tab measured once as
	// it is taken: measuring the whole line again for every tab tried
	// made a wide bar of many clients cost the square of its tabs.
	gapW, moreW, whereW := ansi.StringWidth(gap), ansi.StringWidth(more), ansi.StringWidth(where)
	edges := func(lo, hi int) int { return windowEdges(n, lo, hi, moreW, whereW) }
	lo, hi = cur, cur+1
	tabs := ansi.StringWidth(shown) // the tabs from lo to hi, with their gaps
	if over := tabs + edges(lo, hi) - width; over > 0 {
		// Not even the shown one's name fits: it is cut, so where it is
		// still shows.
		// The name is cut, not the tab: cut with it, the padding went
		// and where read against the name ("dev…client 3 of 9").
		style := m.tabStyle(cur)
		label := m.tabLabel(cur, m.clients.feeds[cur], tabFull, 0, nil)
		shown = style.Render(ansi.Truncate(label, max(tabs-over-style.GetHorizontalFrameSize(), 1), "…"))
		tabs = ansi.StringWidth(shown)
		cut = true
	}
	for grew := true; grew; {
		grew = false
		if hi < n {
			if w := tabs + gapW + ansi.StringWidth(tab(hi)); w+edges(lo, hi+1) <= width {
				tabs, hi, grew = w, hi+1, true
			}
		}
		if lo > 0 {
			if w := tabs + gapW + ansi.StringWidth(tab(lo-1)); w+edges(lo-1, hi) <= width {
				tabs, lo, grew = w, lo-1, true
			}
		}
	}
	return render(lo, hi), cut, lo, hi
}

// windowMarks are what clientsWindow draws around the tabs it shows:
// where the shown one is among the clients, and the "…" on a side with
// more. It counts clients, as the tabs number them: the user's own
// session is none of them, and the ones let go (dropped) came first, so
// "client 13 of 13" stands beside "13 inspector-cli", where counting
// tabs read "14 of 14". The own session shown says how many clients
// there are. short is where without "client", for a window too narrow
// for the shown one's neighbours beside it.
func (m *Model) windowMarks() (where, short, more string) {
	st := m.com.st
	at, all, own := m.clients.dropped, m.clients.dropped, false
	for i, f := range m.clients.feeds {
		if f.Backend != nil {
			own = own || i == m.clients.cur
			continue
		}
		all++
		if i <= m.clients.cur {
			at++
		}
	}
	where, short = fmt.Sprintf("client %d of %d", at, all), fmt.Sprintf("%d of %d", at, all)
	if own {
		where = plural(all, "client")
		short = where
	}
	return st.Hint.Render(where), st.Hint.Render(short), st.Hint.Render("…")
}

// windowEdges is the cells windowMarks take, with their gaps, around the
// tabs lo to hi of n.
func windowEdges(n, lo, hi, moreW, whereW int) int {
	w := whereW
	if lo > 0 {
		w += 1 + moreW // the space between the head and "…"
	}
	if hi < n {
		w += moreW + 1 // the space between "…" and where
	}
	return w
}
