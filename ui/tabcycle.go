package ui

import (
	"fmt"
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

// drawCandidates lists the cycle's candidates with the chosen one marked.
// The list starts at the first candidate when the chosen one is drawn
// from there, else up to two candidates before the chosen one, so it is on
// screen with what comes next; only what fits is drawn, so cycling through a
// thousand tool names stays cheap, and how many more follow is said as +N.
// When they do not all fit whole, a candidate wider than a third of the
// line is cut, so one long tool name does not hide the others; when they
// do, or when cutting them shows no more of them, none is
// ("titledSingleSelectEnu…" at 80 columns beside one other).
func drawCandidates(st *themes.Styles, cy *cycleState, width int) string {
	labels := cy.comp.labels
	fits := width <= 0 || allFit(labels, width)
	cut := len(labels) > 1 && !fits
	shared := ""
	if cut {
		shared = commonPrefix(labels)
	}
	// Each label drawn is asked for up to three times (where the list
	// starts, where it ends, the drawing), and a cut one compares its
	// end with every other candidate's: made once.
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
	if cut {
		// Cut names are worth it only when they show more of them: at 80
		// columns "trigger-long-running-oper…  trigger-elicitation-reque…
		// +2" were two names that fit whole.
		whole := func(i int) string { return labels[i] }
		if lastShown(labels, whole, 0, width) >= lastShown(labels, label, 0, width) {
			cut = false
		}
	}
	first := 0
	if !fits && cy.idx > 0 && lastShown(labels, label, 0, width) < cy.idx {
		first = cy.idx
		for used := ansi.StringWidth(label(first)) + 2; first > 0 && cy.idx-first < 2; first-- {
			if used += ansi.StringWidth(label(first-1)) + 2; used >= width/2 {
				break
			}
		}
	}
	var b strings.Builder
	if first > 0 {
		b.WriteString(st.Hint.Render("… "))
	}
	last := len(labels) - 1
	if !fits {
		last = lastShown(labels, label, first, width)
	}
	for i := first; i <= last; i++ {
		style := st.Hint
		if i == cy.idx {
			style = st.Key
		}
		b.WriteString(style.Render(label(i)))
		b.WriteString(st.Hint.Render("  "))
	}
	if last < len(labels)-1 {
		b.WriteString(st.Hint.Render(fmt.Sprintf("+%d", len(labels)-1-last)))
	}
	return b.String()
}

// wrapCandidates is every one of the cycle's candidates, whole, two
// blanks apart, over at most rows rows of width cells, the chosen one
// marked; nil when they do not all fit so, and drawCandidates' one row
// with its +N is drawn instead. It stops at the first that does not fit:
// a thousand names cost what a few rows do.
func wrapCandidates(st *themes.Styles, cy *cycleState, width, rows int) []string {
	var out []string
	var b strings.Builder
	used := 0
	for i, l := range cy.comp.labels {
		w := ansi.StringWidth(l)
		if w > width {
			return nil
		}
		if used > 0 && used+2+w > width {
			if len(out)+1 == rows {
				return nil
			}
			out, used = append(out, b.String()), 0
			b.Reset()
		}
		if used > 0 {
			b.WriteString(st.Hint.Render("  "))
			used += 2
		}
		style := st.Hint
		if i == cy.idx {
			style = st.Key
		}
		b.WriteString(style.Render(l))
		used += w
	}
	return append(out, b.String())
}

// candidateNeed is the room label l of labels[i] takes when drawn: only
// whole names, as one cut at the edge ("get-resourc…") read as a name of
// its own; what does not fit is counted, "+N", and the room for that
// count is kept while names are drawn.
func candidateNeed(labels []string, l string, i int) int {
	need := ansi.StringWidth(l)
	if rest := len(labels) - i - 1; rest > 0 {
		need += 2 + len(fmt.Sprintf("+%d", rest))
	}
	return need
}

// lastShown is the last of labels drawCandidates draws from first on:
// the chosen one shown from the start stays where it was, where the
// second of two URIs that both fit moved the list ("… demo://…/blob/…").
func lastShown(labels []string, label func(int) string, first, width int) int {
	used := 0
	if first > 0 {
		used = 2
	}
	for i := first; i < len(labels); i++ {
		l := label(i)
		if used+candidateNeed(labels, l, i) > width && i > first {
			return i - 1
		}
		used += ansi.StringWidth(l) + 2
	}
	return len(labels) - 1
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
