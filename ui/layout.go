package ui

// pane names one of the four panes. The order is the focus order of
// tab / shift+tab and of the tab bar.
type pane int

const (
	paneNegotiation pane = iota
	paneEvents
	panePairs
	paneDetail
	paneCount
)

// String is the pane's title.
func (p pane) String() string {
	switch p {
	case paneNegotiation:
		return "Negotiation"
	case paneEvents:
		return "Raw events"
	case panePairs:
		return "Pairs"
	case paneDetail:
		return "Detail"
	}
	return "?"
}

// layoutMode says how the panes share the screen.
type layoutMode int

const (
	// modeTooSmall: nothing fits; the screen shows only a message.
	modeTooSmall layoutMode = iota
	// modeTabs: one pane at a time under a tab bar (narrow terminals).
	modeTabs
	// modeTwoColumn: a tabbed slot on the left for negotiation, events and
	// pairs, and the detail pane always on the right, so opening a pair never
	// hides the list it came from.
	modeTwoColumn
	// modeFour: all four panes at once.
	modeFour
)

// The thresholds of the layout modes.
const (
	minWidth      = 60
	minHeight     = 15
	twoColumnMinW = 100
	fourPaneMinW  = 120
	cmdLineHeight = 2
	statusHeight  = 1
	// maxCmdLineHeight is the command line with a refusal or warnings
	// wrapped over three rows; it grows only while the panes keep the
	// rows they have on the smallest terminal.
	maxCmdLineHeight = 4
	// maxWholeHeight is the command line with a status message that asked
	// to be read whole (why the connection failed, and what to do) wrapped
	// under its keys row: advice such as "start mcpscope again with
	// --transport streamable" is the end of a long sentence, and three
	// rows of 80 columns cut it. Like maxCmdLineHeight, it grows only while
	// the panes keep the rows they have on the smallest terminal.
	maxWholeHeight = 7
)

// cmdLineRows is how many rows the command line gets when it asks for
// want on a terminal height rows tall.
func cmdLineRows(height, want int) int {
	room := height - statusHeight - (minHeight - cmdLineHeight - statusHeight)
	return max(cmdLineHeight, min(want, maxWholeHeight, room))
}

// wholeMsgRows is how many rows a status message to be read whole can
// wrap over below the keys row on a terminal height rows tall.
func wholeMsgRows(height int) int { return cmdLineRows(height, maxWholeHeight) - 1 }

// rect is a screen rectangle in cells; the zero rect is "not on screen".
type rect struct{ X, Y, W, H int }

// contains reports whether the cell (x, y) lies inside r.
func (r rect) contains(x, y int) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// empty reports whether r covers no cell.
func (r rect) empty() bool { return r.W <= 0 || r.H <= 0 }

// screenLayout is where everything goes for one terminal size.
type screenLayout struct {
	Mode layoutMode
	// Panes holds each pane's rectangle when it has a place of its own; a
	// tabbed pane has the zero rect and is drawn in Slot when it is active.
	Panes [paneCount]rect
	// TabBar and Slot are set in modeTabs and modeTwoColumn.
	TabBar, Slot rect
	// Tabbed lists the panes that share Slot, in tab order.
	Tabbed  []pane
	CmdLine rect
	Status  rect
}

// layout computes the screen for a terminal of width x height cells. It is
// pure so it can be tested by table and called on every resize.
func layout(width, height int) screenLayout { return layoutWith(width, height, cmdLineHeight) }

// layoutWith is layout with a command line that asks for cmdRows rows (see
// cmdLineRows); the panes give up what it gets beyond its usual two.
func layoutWith(width, height, cmdRows int) screenLayout {
	if width < minWidth || height < minHeight {
		return screenLayout{Mode: modeTooSmall}
	}
	cmdH := cmdLineRows(height, cmdRows)
	bodyH := height - cmdH - statusHeight
	l := screenLayout{
		CmdLine: rect{0, bodyH, width, cmdH},
		Status:  rect{0, height - statusHeight, width, statusHeight},
	}
	switch {
	case width >= fourPaneMinW:
		l.Mode = modeFour
		leftW := width * 2 / 5
		rightW := width - leftW
		// The negotiation holds a fixed number of facts, the pair list
		// grows; the detail pane gets the most room because JSON is tall.
		negH := bodyH * 9 / 20
		pairsH := bodyH * 2 / 5
		l.Panes[paneNegotiation] = rect{0, 0, leftW, negH}
		l.Panes[paneEvents] = rect{0, negH, leftW, bodyH - negH}
		l.Panes[panePairs] = rect{leftW, 0, rightW, pairsH}
		l.Panes[paneDetail] = rect{leftW, pairsH, rightW, bodyH - pairsH}
	case width >= twoColumnMinW:
		l.Mode = modeTwoColumn
		leftW := width / 2
		l.TabBar = rect{0, 0, leftW, 1}
		l.Slot = rect{0, 1, leftW, bodyH - 1}
		l.Tabbed = []pane{paneNegotiation, paneEvents, panePairs}
		l.Panes[paneDetail] = rect{leftW, 0, width - leftW, bodyH}
	default:
		l.Mode = modeTabs
		l.TabBar = rect{0, 0, width, 1}
		l.Slot = rect{0, 1, width, bodyH - 1}
		l.Tabbed = []pane{paneNegotiation, paneEvents, panePairs, paneDetail}
	}
	return l
}

// withoutDetail is l with no Detail pane, its room given to Negotiation:
// in modeTwoColumn the tab slot goes across the whole width, in modeFour
// Negotiation goes across the top, Events and Pairs side by side under
// it; any other layout is returned as is. A failed negotiation wrapped
// tightly in half of 100 columns, or in two fifths of 160, beside a
// Detail that had nothing to show.
func (l screenLayout) withoutDetail() screenLayout {
	w := l.CmdLine.W
	switch l.Mode {
	case modeTwoColumn:
		l.TabBar.W, l.Slot.W = w, w
	case modeFour:
		neg, ev := l.Panes[paneNegotiation], l.Panes[paneEvents]
		l.Panes[paneNegotiation] = rect{0, 0, w, neg.H}
		l.Panes[paneEvents] = rect{0, neg.H, ev.W, ev.H}
		l.Panes[panePairs] = rect{ev.W, neg.H, w - ev.W, ev.H}
	default:
		return l
	}
	l.Panes[paneDetail] = rect{}
	return l
}

// detailHidden reports whether l is a layout whose Detail gave its room
// to Negotiation (withoutDetail).
func (l screenLayout) detailHidden() bool {
	return (l.Mode == modeTwoColumn || l.Mode == modeFour) && l.Panes[paneDetail].empty()
}

// isTabbed reports whether p shares the slot in this layout.
func (l screenLayout) isTabbed(p pane) bool {
	for _, t := range l.Tabbed {
		if t == p {
			return true
		}
	}
	return false
}

// paneRect is where p is drawn when the slot shows active.
func (l screenLayout) paneRect(p, active pane) rect {
	if l.isTabbed(p) {
		if p == active {
			return l.Slot
		}
		return rect{}
	}
	return l.Panes[p]
}
