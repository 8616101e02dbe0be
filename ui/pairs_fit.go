package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// fitMethod is methodText for a METHOD column w cells wide. A
// notification too long keeps the end of its name, which tells it from the
// others. A pending request's progress words outrank its title: "step 1
// of 4" cut to "step 1 …" said nothing, while the tool's name still reads
// with tools/call shortened, or cut.
func fitMethod(pr *history.Pair, w int) string {
	title, progress := methodParts(pr)
	return fitParts(pr, title, progress, w)
}

// fitParts is fitMethod of pr's methodParts, read once by the row that
// draws it: a notification's are its JSON read, and a row read it three
// times a frame (16 KiB of a log message each).
func fitParts(pr *history.Pair, title, progress string, w int) string {
	if pr.Chain != 0 && pr.Round > 1 && ansi.StringWidth(title)+ansi.StringWidth(progress) > w {
		rest := strings.TrimPrefix(title, roundMarker(pr.Round))
		title = midRoundMarker(pr.Round) + rest
		if ansi.StringWidth(title)+ansi.StringWidth(progress) > w {
			title = shortRoundMarker(pr.Round) + rest
		}
	}
	if progress == "" {
		if ansi.StringWidth(title) <= w {
			return title
		}
		if uri := noteURI(pr); uri != "" {
			// A resource update keeps the URI's end, as a read of it
			// does: "updated demo://resource/d…" said nothing of which.
			return keepEnd([]string{"updated "}, uri, w)
		}
		if rest, ok := strings.CutPrefix(title, "notifications/"); ok {
			if n := ansi.StringWidth(rest); n+2 > w && w > 1 && !strings.Contains(rest, " ") {
				// A name alone still too wide: cut as a path, its last
				// segment whole. One with words after it ("progress ·
				// foreign …") keeps its start.
				return cutNotification(rest, w)
			}
			return "…/" + rest
		}
		if rest, ok := strings.CutPrefix(title, "subscriptions/"); ok && pr.Method == history.ListenMethod {
			// What it listens to tells the rows apart, as the end of a
			// notification's name does: "subscriptions/listen a…" said
			// nothing at 100 columns.
			return "…/" + rest
		}
		if pr.Tool == "" && pr.Subject != "" {
			return fitSubject(pr, w)
		}
		// A finished call's row was cut "tools/call foreca…" in an 18-cell
		// column where "…/call forecast" fits, as a pending one's is.
		return shortCall(title, w)
	}
	progress = " · " + progress
	if ansi.StringWidth(title)+ansi.StringWidth(progress) <= w {
		return title + progress
	}
	// The title keeps a few cells whatever happens: a row must still say
	// which request it is; the cell cuts the progress then.
	room := max(w-ansi.StringWidth(progress), 8)
	title = shortCall(title, room)
	if ansi.StringWidth(title) > room {
		title = ansi.Truncate(title, room, "…")
	}
	return title + progress
}

// shortCall is a tools/call title wider than room said shorter, by the
// rule every named row follows (fitHeads): "…/call NAME", then "…/call "
// and the name's start; the name alone only where that head would leave
// it less than 8 cells. Any other title, or one that fits, is as it was;
// the cell cuts what is still too wide.
func shortCall(title string, room int) string {
	rest, ok := strings.CutPrefix(title, "tools/call ")
	if !ok || ansi.StringWidth(title) <= room {
		return title
	}
	return fitHeads([]string{"tools/call ", "…/call "}, rest, room, false)
}

// fitSubject is the title of a row naming a URI, a prompt or what a
// completion completes (Subject) that is wider than w. A URI keeps its
// end, which tells demo://docs/a.md from demo://docs/b.md where its start
// does not: the method, then "…" and the end (fitHeads). A prompt's name, or a
// completion's ref and argument, keeps its start and ends in "…": cut from
// the left it showed half a word ("…de language"); a completion keeps its
// argument whole where it can (fitCompletion).
func fitSubject(pr *history.Pair, w int) string {
	if t, ok := fitCompletion(pr, w); ok {
		return t
	}
	subject := wireLine(pr.Subject, 200)
	if uri := pr.SubjectURI(); uri != "" {
		// The URI's own end, not Subject's, which ends in the size of
		// one cut at its start.
		subject = sanitize.Line(clip.Middle(uri, 200))
	}
	method := sanitize.Line(mcp.NameShown(pr.Method))
	heads := []string{method + " "}
	if i := strings.LastIndexByte(method, '/'); i > 0 {
		heads = append(heads, "…"+method[i:]+" ")
	}
	switch pr.Method {
	case "prompts/get", "completion/complete":
		// A name keeps its start: cut from the left it showed half a
		// word ("…de language").
		return fitHeads(heads, strings.TrimPrefix(pairTitle(pr), method+" "), w, false)
	}
	return fitHeads(heads, subject, w, true)
}

// keepEnd is fitHeads keeping the end of subject (a URI: its end tells
// rows apart).
func keepEnd(heads []string, subject string, w int) string {
	return fitHeads(heads, subject, w, true)
}

// fitHeads is the one rule of a row naming something (a tool, a prompt, a
// URI) in w cells: the first of heads (the method, then its shortened
// "…/call ") with subject whole; else the last head, which leaves the
// most room, with subject cut, when that leaves 8 cells or more; else
// subject alone, cut. A cut keeps the end of a URI (end true), which
// tells demo://docs/a.md from demo://docs/b.md, and the start of a name,
// "…" where the rest went. Rows were cut three ways: "resources/read
// …tecture.md" kept the long head where "…/read " left the URI room,
// and "trigger-long-running-oper…" dropped the method a URI's row kept.
func fitHeads(heads []string, subject string, w int, end bool) string {
	n := ansi.StringWidth(subject)
	for _, head := range heads {
		if ansi.StringWidth(head)+n <= w {
			return head + subject
		}
	}
	cut := func(room int) string {
		if end {
			return "…" + ansi.TruncateLeft(subject, n-(room-1), "")
		}
		return ansi.Truncate(subject, room, "…")
	}
	if len(heads) > 0 {
		head := heads[len(heads)-1]
		if room := w - ansi.StringWidth(head); room >= 9 {
			return head + cut(room)
		}
	}
	if w < 2 || n <= w {
		return ansi.Truncate(subject, max(w, 0), "")
	}
	return cut(w)
}

// noteURI is the URI a resource update the server sent names (sanitized,
// its end kept however long), "" for any other row.
func noteURI(pr *history.Pair) string {
	if pr.Kind != history.KindNotificationIn || pr.Request == nil || pr.Request.RPC == nil || len(pr.Request.RPC.Raw) > notifyNoteMax {
		return ""
	}
	w, ok := history.ReadNoteOf(pr.Request.RPC)
	if !ok || w.URI == "" {
		return ""
	}
	return sanitize.Line(clip.Middle(w.URI, 200))
}

// fitCompletion is a completion/complete's title in w cells with the
// argument it completes whole and its prompt's name cut at its end
// ("…/complete review_c… language"): cut at the end of the whole, the
// rows of one prompt's arguments all read "completion/complete review_…".
// ok is false when not even a few cells of the name would stay.
func fitCompletion(pr *history.Pair, w int) (string, bool) {
	if pr.Method != "completion/complete" {
		return "", false
	}
	subject := wireLine(pr.Subject, 200)
	i := strings.LastIndexByte(subject, ' ')
	if i <= 0 || strings.Count(subject, " ") > 1 || strings.HasSuffix(subject, `"`) {
		// One word; or a name with blanks (the ref's, the argument's:
		// which blank parts them is not known, and "file path" read
		// "review_code fi… path"), or one cut to "… (N bytes)": cut at
		// the end of the whole, as any title is.
		return "", false
	}
	// The method whole while most of the name stays, then cut as a
	// notification's is: with "a few cells" of the name the bar, rows
	// of one prompt read "…/complete completable… department" over
	// "completion/complete completa… name", its head chosen by the
	// length of the argument.
	ref, arg := subject[:i], subject[i:]
	for _, head := range []string{sanitize.Line(mcp.NameShown(pr.Method)) + " ", "…/complete "} {
		room := w - ansi.StringWidth(head) - ansi.StringWidth(arg)
		if room >= min(ansi.StringWidth(ref), completionRefKept) || head == "…/complete " && room >= 4 {
			return head + ansi.Truncate(ref, room, "…") + arg, true
		}
	}
	return "", false
}

// completionRefKept is how much of a completion's prompt name (or
// template) the method's whole name may leave before it is shortened to
// "…/complete".
const completionRefKept = 16
