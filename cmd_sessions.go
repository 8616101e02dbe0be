package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

func newSessionsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "sessions [DIR]",
		Short: "List recorded sessions: start, URL, duration, requests, errors, size",
		Long: `List the recordings, newest first, with each file's whole path to give to
mcpscope replay or export; a proxied client's recording names the client
after its URL (the clientInfo it sent). On a terminal (or as wide as
COLUMNS says) the table fits it: on a narrow one each path goes on a line
of its own (the file name alone where the whole path would wrap: replay
and export find it in the sessions directory), and the seconds of the
start, the duration and the size are left out before the URL is cut. To a
pipe or a file it is whole, a header then one line per recording ending in
its path and any note, for grep and scripts; the count of recordings goes
to stderr. A .jsonl there that is no recording (an export's transcript,
exec --json's output) is listed after them, marked as what it is, not
counted, and never taken for last.

Without DIR it lists the sessions directory, where mcpscope, exec and proxy
record ($MCPSCOPE_STATE_DIR/sessions, else $XDG_STATE_HOME/mcpscope/sessions,
else ~/.local/state/mcpscope/sessions); given DIR, the recordings in it, as
proxy --record-dir DIR (or --record FILE's folder) put them there.`,
		Args: needArgs(0, 1, "at most one DIR, the folder of recordings to list", "mcpscope sessions ./recordings"),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := sessionsDir(args)
			if err != nil {
				return &exitError{exitFailed, err}
			}
			infos, err := history.List(dir)
			if err != nil {
				return &exitError{exitFailed, err}
			}
			out := cmd.OutOrStdout()
			// What is said to the person (how many, where, or that
			// there are none) goes with the listing on a terminal; to
			// a pipe or a file it goes to stderr, so what a script
			// reads is the header and a line per recording: the count
			// was read as the oldest recording (| tail -1), and "no
			// recordings" as one.
			said := out
			if !isTerminal(out) {
				said = cmd.ErrOrStderr()
			}
			if len(infos) == 0 && len(args) == 0 {
				fmt.Fprintln(said, sanitize.Line(noRecordingsYet(dir)))
				return nil
			}
			if len(infos) == 0 {
				fmt.Fprintln(said, "no recordings in "+sanitize.Line(dir))
				return nil
			}
			width := terminalWidth(out)
			named := len(args) == 0 && pathsTooWide(infos, width)
			if named {
				infos = namedAlone(infos)
			}
			fmt.Fprint(out, history.RenderSessions(infos, width))
			recordings := len(history.Recordings(infos))
			if said == out {
				fmt.Fprintln(out) // the count apart from the table
			}
			// The files listed last that are not recordings (an export's
			// transcript saved there) are not counted as recordings.
			noun := "recordings"
			if recordings == 1 {
				noun = "recording"
			}
			words := fmt.Sprintf("%d %s in", recordings, noun)
			and := ""
			if others := len(infos) - recordings; others > 0 {
				and = fmt.Sprintf("and %d other .jsonl (listed last, not a recording)", others)
			}
			// Fitted to the stream it goes to: with stdout a pipe it
			// is stderr, the terminal's width, where out has none.
			sayPathAfter(said, terminalWidth(said), words, dir, and)
			if named {
				fmt.Fprintln(said, "each named without its folder: replay and export find it there")
			}
			return nil
		},
	}
}

// pathsTooWide says a recording's whole path, indented under its row,
// is wider than the terminal: at 80 columns the default state directory's
// paths wrapped onto a second line.
func pathsTooWide(infos []history.SessionInfo, width int) bool {
	if width <= 0 {
		return false
	}
	for _, s := range infos {
		if 2+ansi.StringWidth(command.ShellPath(s.Path)) > width {
			return true
		}
	}
	return false
}

// namedAlone is infos with each path cut to its file name, which replay
// and export look for in the sessions directory; infos is left as it is.
func namedAlone(infos []history.SessionInfo) []history.SessionInfo {
	named := make([]history.SessionInfo, len(infos))
	for i, s := range infos {
		named[i] = s
		named[i].Path = filepath.Base(s.Path)
	}
	return named
}

// sessionsDir is the folder sessions lists: the DIR given, which must be
// a directory (stat first, so a FIFO given is refused, not opened, where
// opening it waits for a writer for ever), else the state directory.
func sessionsDir(args []string) (string, error) {
	if len(args) == 0 {
		return history.DefaultDir()
	}
	dir := args[0]
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist) && dir == "last":
		// last is replay's and export's word for the recording written
		// to last.
		return "", errors.New("no directory last to list recordings in: last stands for the recording written to last, in mcpscope replay last and mcpscope export last")
	case errors.Is(err, os.ErrNotExist):
		return "", fmt.Errorf("no directory %s to list recordings in", sanitize.Line(dir))
	case err != nil:
		return "", fmt.Errorf("cannot list recordings in %s: %s", sanitize.Line(dir), sanitize.Line(err.Error()))
	case !fi.IsDir():
		return "", fmt.Errorf("%s is not a directory: sessions lists the recordings in one (give replay or export a recording FILE)", sanitize.Line(dir))
	}
	return dir, nil
}

// defaultWidth is the width a listing is laid out for when its output is
// not a terminal (a pipe, a file) and COLUMNS does not say: what a
// terminal has unless made wider.
const defaultWidth = 80

// widerReport is the width the note on a re-run's cut answers offers
// (COLUMNS), when the report was narrower.
const widerReport = 200

// outputWidth is the width of the terminal w writes to; else COLUMNS, as
// ls and other tools take it (COLUMNS=200 mcpscope exec ... | less); else
// defaultWidth.
func outputWidth(w io.Writer) int {
	if n := terminalWidth(w); n > 0 {
		return n
	}
	return defaultWidth
}

// terminalWidth is the width of the terminal w writes to, else COLUMNS;
// else 0: a pipe or a file has no width of its own, and a table that
// leaves out columns to fit one it does not have loses what a script or
// a grep reads it for.
func terminalWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && term.IsTerminal(f.Fd()) {
		if width, _, err := term.GetSize(f.Fd()); err == nil && width > 0 {
			return width
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 0
}
