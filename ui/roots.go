package ui

import (
	"fmt"
	"os"
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

// changeRoots lists the roots, or works out the new list and hands it to
// the session off the update loop (in the 2025 eras that sends a
// notification).
func (m *Model) changeRoots(msg RootsMsg) tea.Cmd {
	if reason := m.sendDisabled(); reason != "" {
		return m.setStatus(levelWarn, reason)
	}
	b := m.opts.Backend
	cur := b.Roots()
	next := slices.Clone(cur)
	var what string
	switch msg.Verb {
	case "list":
		return m.setStatus(levelInfo, "roots offered: "+rootsList(cur))
	case "clear":
		next, what = nil, "cleared"
	case "add":
		for _, a := range msg.Args {
			r, err := command.RootFromPath(a)
			if err != nil {
				return m.setStatus(levelError, sanitize.Line(err.Error()))
			}
			if !slices.ContainsFunc(next, func(x mcp.Root) bool { return x.URI == r.URI }) {
				next = append(next, r)
			}
		}
		what = "added " + strings.Join(msg.Args, ", ")
	case "rm":
		for _, a := range msg.Args {
			uri := a
			if r, err := command.RootFromPath(a); err == nil && !strings.Contains(a, "://") {
				uri = r.URI
			}
			i := slices.IndexFunc(next, func(x mcp.Root) bool { return x.URI == uri || x.URI == a || x.Name == a })
			if i < 0 {
				return m.setStatus(levelError, "no root "+sanitize.Line(a)+" is offered (offered: "+rootsList(cur)+")")
			}
			next = slices.Delete(next, i, i+1)
		}
		what = "removed " + strings.Join(msg.Args, ", ")
	}
	ctx := m.ctx
	var added []string
	if msg.Verb == "add" {
		added = msg.Args
	}
	return func() tea.Msg {
		var absent []string
		for _, a := range added {
			p, _ := command.ExpandHome(a)
			if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
				absent = append(absent, a)
			}
		}
		err := b.SetRoots(ctx, next)
		return rootsSetMsg{roots: b.Roots(), what: what, err: err, absent: absent}
	}
}

// rootsSet shows the roots now offered and how the server learns of them.
func (m *Model) rootsSet(msg rootsSetMsg) tea.Cmd {
	m.setRoots(msg.roots)
	if msg.err != nil {
		return m.setStatus(levelError, "roots "+sanitize.Line(msg.what)+", but telling the server failed: "+errLine(msg.err))
	}
	how := "the server is told with notifications/roots/list_changed"
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
