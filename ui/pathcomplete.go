package ui

import (
	"os"
	"path/filepath"
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

// maxDirCandidates bounds what one Tab offers from a huge directory.
const maxDirCandidates = 1000

// dirsListedMsg carries the directories that complete the word under the
// cursor of line.
type dirsListedMsg struct {
	line string     // the command line when Tab was pressed
	comp completion // the directories, quoted for the line
	dir  string     // the directory listed, as typed ("" for the current one)
	base string     // what the names had to start with
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
		entries, err := os.ReadDir(real)
		if err != nil && len(entries) == 0 {
			out.err = err
			return out
		}
		for _, e := range entries {
			name := e.Name()
			if !strings.HasPrefix(name, base) || strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".") {
				continue
			}
			if !e.IsDir() {
				// A link to a directory is one too.
				if e.Type()&os.ModeSymlink == 0 {
					continue
				}
				if fi, err := os.Stat(filepath.Join(real, name)); err != nil || !fi.IsDir() {
					continue
				}
			}
			out.comp.add(quoteDir(dir+name+"/"), name+"/")
			if len(out.comp.items) == maxDirCandidates {
				break
			}
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
		return m.setStatus(levelInfo, what)
	}
	m.cmdline.offer(msg.line, msg.comp)
	return nil
}
