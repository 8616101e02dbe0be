package ui

import (
	"fmt"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// The roots command changes the roots mcpscope offers servers, on the
// command line, in words of its own (it is no MCP method):
//
//	roots                 list them
//	roots add PATH …      offer directories (made absolute file URIs)
//	roots rm PATH|URI …   stop offering them (by path, URI or name)
//	roots clear           offer none
//
// In the 2025 eras the server is told with notifications/roots/list_changed;
// a 2026 server gets them the next time it asks (an input request).

// rootsVerbs are the words after "roots", for completion and hints.
var rootsVerbs = []string{"add", "rm", "clear"}

// rootsHint says how to use the roots command, in 80 columns.
const rootsHint = "roots add DIR offers it · roots rm DIR|URI · roots clear · roots lists them"

// RootsMsg asks the root to list or change the roots offered.
type RootsMsg struct {
	Verb string // list, add, rm, clear
	Args []string
	Line string
}

// parseRootsLine reads a roots command line; ok is false when the line is
// not one (then it is a method).
func parseRootsLine(line string) (msg RootsMsg, ok bool, err error) {
	words, err := command.SplitWords(line)
	if err != nil || len(words) == 0 || words[0] != "roots" {
		return RootsMsg{}, false, nil
	}
	msg = RootsMsg{Verb: "list", Line: strings.TrimSpace(line)}
	if len(words) > 1 {
		msg.Verb, msg.Args = words[1], words[2:]
	}
	switch msg.Verb {
	case "remove":
		msg.Verb = "rm"
		fallthrough
	case "add", "rm":
		if len(msg.Args) == 0 {
			return msg, true, fmt.Errorf("roots %s needs one or more directories: roots %s PATH", msg.Verb, msg.Verb)
		}
	case "list", "clear":
		if len(msg.Args) > 0 {
			return msg, true, fmt.Errorf("roots %s takes nothing after it", msg.Verb)
		}
	default:
		return msg, true, fmt.Errorf("roots %q: %s", msg.Verb, rootsHint)
	}
	return msg, true, nil
}

// rootsSetMsg is the outcome of changing the session's roots.
type rootsSetMsg struct {
	roots []mcp.Root
	what  string
	err   error
	// absent are the directories added that are not directories here: a
	// typo most likely, though a debugger may offer them on purpose.
	absent []string
}

// rootsResolvedMsg is a roots add or rm with its directories made
// absolute file URIs. That reads the working directory and the home
// directory, and add looks at each directory: I/O, so it is done in a Cmd
// (see resolveRoots) and the new list is worked out when this comes back.
type rootsResolvedMsg struct {
	msg   RootsMsg
	roots []mcp.Root // one per argument; zero where rm was given a URI
	err   error      // an add's directory could not be made a root
	// absent are the directories added that are not directories here.
	absent []string
}

// rootsQueue makes roots changes one at a time, in the order typed: each
// works out its list from the roots the change before it left, which are
// the session's only once that change's SetRoots is done. Two changes made
// at once both started from the roots before either, and the first was
// lost (roots add A, then quickly roots add B, offered B alone).
type rootsQueue struct {
	busy    bool       // a change is being made: resolved, then offered
	waiting []RootsMsg // changes typed meanwhile
}

// changeRoots lists the roots, or starts a change (or queues it behind
// the one being made).
func (m *Model) changeRoots(msg RootsMsg) tea.Cmd {
	if reason := m.sendDisabled(); reason != "" {
		return m.setStatus(levelWarn, reason)
	}
	if msg.Verb == "list" {
		return m.setStatus(levelInfo, "roots offered: "+rootsList(m.backend().Roots()))
	}
	if m.roots.busy {
		m.roots.waiting = append(m.roots.waiting, msg)
		return nil
	}
	m.roots.busy = true
	if msg.Verb == "clear" {
		return m.offerRoots(nil, "cleared", nil)
	}
	// An add's or rm's directories are resolved off the update loop (see
	// rootsResolved).
	return resolveRoots(msg)
}

// rootsDone ends the change being made and starts the next one typed.
func (m *Model) rootsDone() tea.Cmd {
	m.roots.busy = false
	if len(m.roots.waiting) == 0 {
		return nil
	}
	next := m.roots.waiting[0]
	m.roots.waiting = m.roots.waiting[1:]
	return m.changeRoots(next)
}

// resolveRoots makes the directories of a roots add or rm root URIs.
func resolveRoots(msg RootsMsg) tea.Cmd {
	return func() tea.Msg {
		out := rootsResolvedMsg{msg: msg, roots: make([]mcp.Root, len(msg.Args))}
		for i, a := range msg.Args {
			if msg.Verb == "rm" && strings.Contains(a, "://") {
				continue // a URI as offered
			}
			r, err := command.RootFromPath(a)
			if err != nil {
				if msg.Verb == "add" {
					out.err = err
					return out
				}
				continue // rm matches it by URI or name
			}
			out.roots[i] = r
			if msg.Verb == "add" {
				if command.NoDirectory(a) {
					out.absent = append(out.absent, a)
				}
			}
		}
		return out
	}
}

// rootsResolved works out the roots an add or rm leaves, from those
// offered now (no other change is being made then), and offers them; a
// change that cannot be made lets the next one typed start.
func (m *Model) rootsResolved(res rootsResolvedMsg) tea.Cmd {
	cmd, offered := m.applyResolved(res)
	if offered {
		return cmd // rootsSet ends the change
	}
	return tea.Batch(cmd, m.rootsDone())
}

// applyResolved is rootsResolved's change: the Cmd that offers the roots
// it leaves (offered), or the status saying why it cannot be made.
func (m *Model) applyResolved(res rootsResolvedMsg) (cmd tea.Cmd, offered bool) {
	if res.err != nil {
		return m.setStatus(levelError, sanitize.Line(res.err.Error())), false
	}
	msg := res.msg
	if m.backend() == nil {
		// The directories were looked up while the user stepped to a
		// proxied client's session, which has no roots to change.
		return m.setStatus(levelWarn, "roots "+msg.Verb+" not made: "+m.sendDisabled()), false
	}
	cur := m.backend().Roots()
	next := slices.Clone(cur)
	if msg.Verb == "add" {
		for _, r := range res.roots {
			if !slices.ContainsFunc(next, func(x mcp.Root) bool { return x.URI == r.URI }) {
				next = append(next, r)
			}
		}
		return m.offerRoots(next, "added "+strings.Join(msg.Args, ", "), res.absent), true
	}
	for i, a := range msg.Args {
		uri := a
		if r := res.roots[i]; r.URI != "" {
			uri = r.URI
		}
		j := slices.IndexFunc(next, func(x mcp.Root) bool { return x.URI == uri || x.URI == a || x.Name == a })
		if j < 0 {
			return m.setStatus(levelError, "no root "+sanitize.Line(a)+" is offered (offered: "+rootsList(cur)+")"), false
		}
		next = slices.Delete(next, j, j+1)
	}
	return m.offerRoots(next, "removed "+strings.Join(msg.Args, ", "), nil), true
}

// offerRoots hands the new roots to the session off the update loop (in
// the 2025 eras that sends a notification).
func (m *Model) offerRoots(next []mcp.Root, what string, absent []string) tea.Cmd {
	b, ctx := m.backend(), m.ctx
	return func() tea.Msg {
		err := b.SetRoots(ctx, next)
		return rootsSetMsg{roots: b.Roots(), what: what, err: err, absent: absent}
	}
}

// rootsSet ends a roots change: it shows the roots now offered, and the
// next change typed starts from them.
func (m *Model) rootsSet(msg rootsSetMsg) tea.Cmd {
	if m.backend() != nil {
		// Only the user's own session offers roots: one that landed
		// after a step to a proxied client's is not that client's, and
		// stepping back reloads the own session's.
		m.setRoots(msg.roots)
	}
	return tea.Batch(m.rootsSaid(msg), m.rootsDone())
}

// rootsSaid says which roots are offered and how the server learns of them.
// It names the paths typed, as long as they are, before how the server
// learns of them: the message wraps rather than cut that off (it was
// "roots added /tmp/: 1 root offered; the server is told with
// notifications/roots/…" at 80 columns).
func (m *Model) rootsSaid(msg rootsSetMsg) tea.Cmd {
	if msg.err != nil {
		return m.setStatus(levelError, "roots "+sanitize.Line(msg.what)+", but telling the server failed: "+errLine(msg.err))
	}
	how := "sent notifications/roots/list_changed"
	switch {
	case m.com.log.Stats().Transport == mcp.TransportStateless:
		how = "a 2026 server gets them when it next asks"
	case m.com.log.Negotiation().ServerName == "":
		how = "the server gets them once initialized"
	}
	if len(msg.absent) > 0 {
		// The paths are in what; a long one named twice cut the advice off.
		which := "it is no directory"
		switch {
		case len(msg.absent) > 1:
			which = sanitize.Line(strings.Join(msg.absent, ", ")) + " are no directories"
		case !strings.HasSuffix(msg.what, msg.absent[0]):
			which = sanitize.Line(msg.absent[0]) + " is no directory"
		}
		return m.setStatus(levelWarn, "roots "+sanitize.Line(msg.what)+": offered, but "+which+" here (a typo? roots rm takes it back)")
	}
	return m.setStatus(levelInfo, "roots "+sanitize.Line(msg.what)+": "+plural(len(msg.roots), "root")+" offered; "+how)
}

// setRoots makes the roots offered known to the panes and completion.
func (m *Model) setRoots(roots []mcp.Root) {
	m.com.roots, m.com.rootsKnown = roots, true
	m.com.rootsGen++
	m.cmdline.SetRoots(roots)
}

// rootsList is the roots on one line: "file:///a (a), file:///b (b)".
func rootsList(roots []mcp.Root) string {
	if len(roots) == 0 {
		return "none (roots add PATH offers one)"
	}
	parts := make([]string, len(roots))
	for i, r := range roots {
		parts[i] = wireLine(r.URI, 1024)
		if r.Name != "" {
			parts[i] += " (" + wireLine(r.Name, 128) + ")"
		}
	}
	return strings.Join(parts, ", ")
}
