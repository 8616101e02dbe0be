package ui

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/themes"
)

// cycleState lets repeated Tabs step through the candidates.
type cycleState struct {
	comp  completion
	idx   int    // the candidate shown, -1 before the first
	end   int    // byte offset where the inserted text ends
	value string // the line as completion left it; any edit ends the cycle
}

// tabComplete runs one Tab on a text input, as a shell does: the only
// candidate goes in whole; several put in what they have in common and are
// listed under the line, and Tab again steps through them. A chosen
// candidate that leaves its word open (a key= waiting for its value, a
// directory/) is followed into, so Tab after it completes what comes next,
// as after the same text typed by hand, instead of stepping on to the next
// candidate. candidates lists what may replace the word under the cursor,
// from the text before it. It returns the cycle to keep for the next Tab
// (nil when there is none).
func tabComplete(in *textinput.Model, cy *cycleState, candidates func(before string) completion) *cycleState {
	value := in.Value()
	cursor := byteOffset(value, in.Position())
	if cy != nil && cy.value == value && !cy.leftOpen() {
		cy.idx = (cy.idx + 1) % len(cy.comp.items)
		cy.replace(in, cy.comp.start, cy.end, cy.comp.items[cy.idx])
		return cy
	}
	comp := candidates(value[:cursor])
	switch len(comp.items) {
	case 0:
		return nil
	case 1:
		(*cycleState)(nil).replace(in, comp.start, cursor, comp.items[0])
		return nil
	}
	cy = &cycleState{comp: comp, idx: -1}
	text := value[comp.start:cursor]
	if p := commonPrefix(comp.items); len(p) > len(text) {
		text = p
	}
	cy.replace(in, comp.start, cursor, text)
	return cy
}

// tabBack runs one shift+Tab: the candidate before the one shown (the
// last one before any was chosen), as a shell's menu completion goes
// back. With no candidates listed for the line as it is, it does nothing
// (a Tab lists them).
func tabBack(in *textinput.Model, cy *cycleState) *cycleState {
	if cy == nil || cy.value != in.Value() || len(cy.comp.items) == 0 {
		return cy
	}
	n := len(cy.comp.items)
	cy.idx = (max(cy.idx, 0) - 1 + n) % n
	cy.replace(in, cy.comp.start, cy.end, cy.comp.items[cy.idx])
	return cy
}

// tabbed clears the outcome for a Tab on a line holding value, but for
// the candidates the last Tab offered when it goes on cycling through them
// (an Enter's refusal between, about the line as it was, goes).
func (o *lineOutcome) tabbed(value string) {
	if cy := o.cycle; cy != nil && cy.value == value {
		*o = lineOutcome{cycle: cy}
		return
	}
	o.clearOutcome()
}

// tabBackOn runs one shift+Tab on in, the line o is the outcome of:
// stepping back through candidates still listed after an Enter refused the
// line takes the refusal away with the line it was about, as Tab does.
func (o *lineOutcome) tabBackOn(in *textinput.Model) {
	if cy := o.cycle; cy != nil && cy.value == in.Value() {
		o.tabbed(in.Value())
	}
	o.cycle = tabBack(in, o.cycle)
}

// leftOpen reports whether the chosen candidate leaves its word open: a
// key that waits for its value (name=) or a directory to go into (src/).
// A candidate that ends its word ends with a space.
func (cy *cycleState) leftOpen() bool {
	return cy.idx >= 0 && !strings.HasSuffix(cy.comp.items[cy.idx], " ")
}

// replace puts text in place of value[start:end] with the cursor after
// it, and remembers where the cycle left the line.
func (cy *cycleState) replace(in *textinput.Model, start, end int, text string) {
	value := in.Value()
	head := value[:start] + text
	in.SetValue(head + value[end:])
	in.SetCursor(utf8.RuneCountInString(head))
	if cy != nil {
		cy.end, cy.value = len(head), in.Value()
	}
}

// drawCandidates lists the cycle's candidates with the chosen one marked,
// over at most rows rows of width cells. The list starts at the first
// candidate when the chosen one is drawn from there, else up to two
// candidates before the chosen one, so it is on screen with what comes
// next; only what fits is drawn, so cycling through a thousand tool names
// stays cheap, and how many more follow is said as +N. When they do not
// all fit whole, a candidate wider than a third of the line is cut, so one
// long tool name does not hide the others; when they do, or when cutting
// them shows no more of them, none is ("titledSingleSelectEnu…" at 80
// columns beside one other). All on one row when they fit there; else the
// rows are filled: at 80 columns server-everything's 17 tools showed four
// names and "+13" on one row, a second row free.
func drawCandidates(st *themes.Styles, cy *cycleState, width, rows int) []string {
	labels := cy.comp.labels
	fits := width <= 0 || allFit(labels, width)
	cut := len(labels) > 1 && !fits
	shared := ""
	if cut {
		shared = commonPrefix(labels)
	}
	// Each label drawn is measured for where the list starts, where it
	// ends and drawn, and a cut one compares its end with every other
	// candidate's: made once.
	made := map[int]string{}
	label := func(i int) string {
		if !cut {
			return labels[i]
		}
		l, ok := made[i]
		if !ok {
			l = candidateLabel(labels, i, max(width/3, 12), shared)
			made[i] = l
		}
		return l
	}
	ends := func(label func(int) string, first int) []int {
		if fits {
			return []int{len(labels)}
		}
		lead := 0
		if first > 0 {
			lead = 2 // "… "
		}
		return nameRows(func(i int) int { return ansi.StringWidth(label(i)) }, first, len(labels), len(labels), lead, width, rows)
	}
	shown := func(label func(int) string, first int) int { e := ends(label, first); return e[len(e)-1] }
	if cut {
		// Cut names are worth it only when they show more of them: at 80
		// columns "trigger-long-running-oper…  trigger-elicitation-reque…
		// +2" were two names that fit whole.
		// A name wider than the line is not shown whole: it is cut at
		// the edge.
		whole := func(i int) string { return labels[i] }
		n := shown(whole, 0)
		if n >= shown(label, 0) && !slices.ContainsFunc(labels[:n], func(l string) bool { return ansi.StringWidth(l) > width }) {
			cut = false
		}
	}
	first := 0
	if !fits && cy.idx > 0 && shown(label, 0) <= cy.idx {
		first = cy.idx
		for used := ansi.StringWidth(label(first)) + 2; first > 0 && cy.idx-first < 2; first-- {
			if used += ansi.StringWidth(label(first-1)) + 2; used >= width/2 {
				break
			}
		}
		// Near the end the rows are filled with the names before, not
		// left with the last one or two alone.
		for first > 0 && shown(label, first-1) == len(labels) {
			first--
		}
	}
	head := ""
	if first > 0 {
		head = st.Hint.Render("… ")
	}
	draw := func(i int) string {
		if i == cy.idx {
			return st.Key.Render(label(i))
		}
		return st.Hint.Render(label(i))
	}
	more := func(n int) string { return st.Hint.Render(fmt.Sprintf("+%d", n)) }
	return drawNameRows(ends(label, first), first, len(labels), head, draw, st.Hint.Render("  "), more)
}

// allFit reports whether every label fits on a line of width cells whole,
// each followed by its two blanks; it stops at the first that does not.
func allFit(labels []string, width int) bool {
	used := 0
	for _, l := range labels {
		if used += ansi.StringWidth(l) + 2; used > width {
			return false
		}
	}
	return true
}

// candidateLabel is labels[i] cut to room cells; shared is what all the
// labels start with. URIs under one long prefix (demo://resource/static/
// document/...) cut at their end all read "demo://resource/static/do…":
// one that is too long keeps the shortest end, from a / on, that no other
// candidate ends with, after its scheme when the rest of its start is
// shared ("demo://…/architecture.md", where "demo://re…/architecture.md"
// spent the room on what the others say too) or else after as much of its
// start as fits; anything else keeps its start.
func candidateLabel(labels []string, i, room int, shared string) string {
	l := labels[i]
	if ansi.StringWidth(l) <= room {
		return l
	}
	for j := strings.LastIndexByte(l, '/'); j > 0; j = strings.LastIndexByte(l[:j], '/') {
		tail := l[j:]
		if endsAnother(labels, i, tail) {
			continue
		}
		// At least a few cells of the start stay, with the …, to say
		// what kind of URI it is.
		if tw := ansi.StringWidth(tail); tw+4 <= room {
			if short, ok := sharedCut(l[:j], tail, shared, room); ok {
				return short
			}
			return ansi.Truncate(l[:j], room-tw, "…") + tail
		}
		break
	}
	return ansi.Truncate(l, room, "…")
}

// endsAnother reports whether a label other than the i-th ends with tail.
// It stops at the first: it runs for each label drawn, on every frame.
func endsAnother(labels []string, i int, tail string) bool {
	for k, other := range labels {
		if k != i && strings.HasSuffix(other, tail) {
			return true
		}
	}
	return false
}

// sharedCut is head+tail with the part of head that all candidates share
// (shared), past its scheme, as "…": what differs of head too when that
// fits in room, else the scheme and tail alone. ok is false when head has
// no scheme or shares nothing past it.
func sharedCut(head, tail, shared string, room int) (string, bool) {
	k := strings.Index(head, "://")
	if k < 0 {
		return "", false
	}
	scheme := head[:k+3]
	if len(shared) < len(head) {
		// What differs starts at the segment shared cuts into.
		cut := strings.LastIndexByte(shared, '/')
		if cut < len(scheme) {
			return "", false
		}
		if l := scheme + "…" + head[cut:] + tail; ansi.StringWidth(l) <= room {
			return l, true
		}
	}
	if l := scheme + "…" + tail; ansi.StringWidth(l) <= room {
		return l, true
	}
	return "", false
}
