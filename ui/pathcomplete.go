package ui

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Tab after "roots add " completes directories, as a shell does: the
// directory named so far is listed off the update loop (a network mount
// can take seconds), and the directories in it that start with what was
// typed become the Tab's candidates, if the line is still as it was. Only
// directories are offered (a root is one), hidden ones only once a "." is
// typed, and "~/" is the home directory, kept as typed.

// maxDirCandidates bounds what one Tab offers from a huge directory, and
// maxDirScanned how many of its entries are looked at: it is read in
// batches of dirBatch, so its size costs neither memory nor unbounded time.
const (
	maxDirCandidates = 1000
	maxDirScanned    = 100_000
	dirBatch         = 256
)

// dirsListedMsg carries the directories that complete the word under the
// cursor of line.
type dirsListedMsg struct {
	line string     // the command line when Tab was pressed
	comp completion // the directories, quoted for the line
	dir  string     // the directory listed, as typed ("" for the current one)
	base string     // what the names had to start with
	loop string     // a link left out as it leads back to dir or above (isDirFor)
	err  error
}

// pathCompletion reports whether the word under the cursor is a directory
// for roots add.
func (ctx lineContext) pathCompletion() bool {
	return ctx.method == "roots" && ctx.index >= 2 && ctx.words[1].Text == "add"
}

// listDirs lists, off the update loop, the directories that complete the
// word of ctx.
func listDirs(line string, ctx lineContext) tea.Cmd {
	typed, start := ctx.cur.Text, ctx.cur.Start
	if typed == "~" {
		typed = "~/"
	}
	return func() tea.Msg {
		dir, base := typed[:strings.LastIndex(typed, "/")+1], typed[strings.LastIndex(typed, "/")+1:]
		out := dirsListedMsg{line: line, comp: completion{start: start}, dir: dir, base: base}
		real, err := command.ExpandHome(dir)
		if err != nil {
			out.err = err
			return out
		}
		if real == "" {
			real = "."
		}
		names, loop, err := matchingDirs(real, base)
		out.loop = loop
		if err != nil && len(names) == 0 {
			out.err = err
			return out
		}
		for _, name := range names {
			out.comp.add(quoteDir(dir+name+"/"), name+"/")
		}
		return out
	}
}

// quoteDir quotes a directory for the command line, leaving a leading "~/"
// outside the quotes where a reader expects it.
func quoteDir(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if rest == "" {
			return "~/"
		}
		return "~/" + command.ShellQuote(rest)
	}
	return command.ShellQuote(p)
}

// dirsListed offers the directories listed, or says why there are none.
func (m *Model) dirsListed(msg dirsListedMsg) tea.Cmd {
	where := "the current directory"
	if msg.dir != "" {
		where = sanitize.Line(msg.dir)
	}
	switch {
	case msg.err != nil:
		return m.setStatus(levelWarn, "cannot list "+where+": "+errLine(msg.err))
	case len(msg.comp.items) == 0:
		what := "no directories in " + where
		if msg.base != "" {
			what = "no directory in " + where + " starts with " + sanitize.Line(msg.base)
		}
		if msg.loop != "" {
			// Else the name the user sees in ls reads as missed; short,
			// as the open command line leaves the status one row.
			what = sanitize.Line(msg.dir+msg.loop) + " links back up, so Tab skips it"
		}
		return m.setStatus(levelInfo, what)
	}
	m.cmdline.offer(msg.line, msg.comp)
	return nil
}

// matchingDirs returns, sorted, the names of the directories (and links to
// them) in real that start with base, hidden ones only when base starts
// with ".": at most maxDirCandidates of them, from at most maxDirScanned
// entries. An error comes with the names read before it. loop is the
// first link left out because it leads back to real or above it.
func matchingDirs(real, base string) (names []string, loop string, err error) {
	f, err := os.Open(real)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	// Resolved once, for the links among the entries; "" when it cannot
	// be, and then no link is taken for a loop.
	resolved, _ := filepath.EvalSymlinks(real)
	for scanned := 0; scanned < maxDirScanned && len(names) < maxDirCandidates; {
		entries, err := f.ReadDir(dirBatch)
		scanned += len(entries)
		for _, e := range entries {
			if len(names) == maxDirCandidates {
				break
			}
			switch dir, looped := isDirFor(real, resolved, base, e); {
			case dir:
				names = append(names, e.Name())
			case looped && loop == "":
				loop = e.Name()
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			slices.Sort(names)
			return names, loop, err
		}
	}
	slices.Sort(names)
	return names, loop, nil
}

// isDirFor reports whether e, an entry of real (resolved: real with its
// links followed), is a directory (or a link to one) that completes base.
// A link to real itself or to a directory above it is none, and looped
// says so: /usr/bin/X11 -> . was offered, and Tab after Tab walked into
// /usr/bin/X11/X11/X11/... for ever.
func isDirFor(real, resolved, base string, e os.DirEntry) (dir, looped bool) {
	name := e.Name()
	if !strings.HasPrefix(name, base) || strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".") {
		return false, false
	}
	if e.IsDir() {
		return true, false
	}
	if e.Type()&os.ModeSymlink == 0 {
		return false, false
	}
	p := filepath.Join(real, name)
	fi, err := os.Stat(p)
	if err != nil || !fi.IsDir() {
		return false, false
	}
	if target, err := filepath.EvalSymlinks(p); err == nil && resolved != "" && atOrUnder(resolved, target) {
		return false, true
	}
	return true, false
}

// atOrUnder reports whether path is dir or lies under it; both are clean.
func atOrUnder(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
