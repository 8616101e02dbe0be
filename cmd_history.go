package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/atomicfile"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/urlpass"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/ui"
)

func addHistoryCmds(root *cobra.Command) {
	root.AddCommand(newSessionsCmd(), newReplayCmd(), newExportCmd())
}

func newReplayCmd() *cobra.Command {
	var against, theme string
	var ignore []string
	var asJSON bool
	var cf connFlags
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Replay a recording in the TUI, or re-run it against a live server with --against",
		Long: `Replay a recording in the same panes as a live session, at its original
pace (space pauses, + and - change speed, . steps, g and G jump to the start
and end).

With --against URL it runs headless instead: the recorded requests are sent to
URL in order and each answer is compared with the recorded one (--against demo
starts the built-in demo gateway again, on the recording's path, for a
recording of it). Session ids, timestamps, request ids and anything named with
--ignore are not compared, nor what differs only by transport or era (the
server's _meta, resultType, ttlMs, cacheScope): a recording of a gateway's /sse
re-runs against its /mcp, or a legacy recording against a 2026-07-28 server,
where each side runs its own handshake (initialize or server/discover) and the
two are compared on capabilities, instructions and serverInfo. A diff's - is
the recording, + the server now.

Exit status with --against:
  0  every answer matched
  1  something differed, was missing or failed
  2  usage error, or a recording that cannot be used or holds no request
  3  the server could not be reached, or went away during the run (the rest
     not sent)
  141 what read its output ended (| head -1): the rest not sent

` + fileArgHelp,
		Args: recordingArgs("mcpscope replay FILE, or mcpscope replay last for the one written to last"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if against != "" {
				if err := checkTheme(theme); err != nil {
					return err
				}
			} else if asJSON || len(ignore) > 0 {
				return &exitError{exitUsage, errors.New("--json and --ignore go with --against URL")}
			}
			// Said before the TUI takes the screen, the file last
			// stands for is there to read once it gives it back.
			path, err := recordingPath(args[0], cmd.ErrOrStderr())
			if err != nil {
				return &exitError{exitUsage, err}
			}
			if against != "" {
				return runRerun(cmd, path, against, ignore, asJSON, &cf)
			}
			return runReplayTUI(path, theme)
		},
	}
	cmd.Flags().StringVar(&against, "against", "", "re-run the recorded requests against this server (demo: the built-in demo gateway) and compare")
	cmd.Flags().StringArrayVar(&ignore, "ignore", nil, "JSONPath of a field not to compare, e.g. $.result.meta.etag (repeatable)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "with --against: print a machine-readable report")
	themeFlag(cmd, &theme)
	cf.register(cmd)
	return cmd
}

func runReplayTUI(path, theme string) error {
	// What is wrong with the file is said first, terminal or not.
	player, err := history.Load(path)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer player.Close()
	styles, err := loadStyles(theme)
	if err != nil {
		return err
	}
	if err := needTerminal(); err != nil {
		// The debugger's advice (mcpscope exec) does not replay anything.
		// Quoted as the command printed on quitting is, so a path that
		// is not UTF-8 pastes back as the file, not the sanitizer's U+FFFD.
		q := command.ShellPath(path)
		return &exitError{exitUsage, fmt.Errorf("a replay in the TUI needs a terminal; for scripts and pipes, mcpscope replay %s --against URL re-runs it headless and mcpscope export %s prints it", q, q)}
	}
	h := player.Header()
	note := ""
	if h.Demo {
		// The records name the demo's random port, closed long since.
		note = h.Server()
	}
	runErr := ui.Run(ui.Options{Player: player, Styles: styles, URL: h.URL, Transport: h.Transport, RecordingPath: path, HistoryPath: historyPath(), Note: note})
	for _, w := range player.Warnings() {
		fmt.Fprintf(os.Stderr, "warning: %s: %s\n", sanitize.Line(path), sanitize.Line(w))
	}
	if runErr != nil {
		return &exitError{exitFailed, runErr}
	}
	return nil
}

// againstDemo is the word --against takes for the built-in demo gateway,
// started again for the re-run (demoAgain): a recording of it names a
// random port that closed with it. A host named demo is http://demo.
const againstDemo = "demo"

// demoAgain starts the built-in demo gateway for a re-run of h's recording
// and returns its URL on the path the recording used (/sse, /mcp or
// /stateless), or on the one the --transport given serves (a recording
// of /mcp re-run over SSE is sent to /sse, not SSE to /mcp); stop ends it.
func demoAgain(h history.Header, given string) (url string, stop func(), err error) {
	switch given {
	case mcp.TransportSSE, mcp.TransportStreamable, mcp.TransportStateless:
		return orDemo("", given)
	}
	transport := ""
	switch h.DemoPath() {
	case demo.StreamablePath:
		transport = mcp.TransportStreamable
	case demo.StatelessPath:
		transport = mcp.TransportStateless
	}
	return orDemo("", transport)
}

func runRerun(cmd *cobra.Command, path, url string, ignore []string, asJSON bool, cf *connFlags) error {
	// Read once to plan; each request and its recorded answer are read
	// back from the file when their turn comes.
	recording, err := history.OpenRerun(path)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer recording.Close()
	warnings := recording.Warnings()
	for _, w := range warnings {
		fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s: %s\n", sanitize.Line(path), sanitize.Line(w))
	}
	if url == againstDemo {
		var stop func()
		if url, stop, err = demoAgain(recording.Header(), cf.transport); err != nil {
			return err
		}
		defer stop()
		fmt.Fprintf(cmd.ErrOrStderr(), "re-running against the built-in demo gateway at %s\n", url)
		if h := recording.Header(); !h.Demo && recording.ServerName() != demo.DefaultName {
			// Not one of the demo's own recordings, nor of a demo
			// gateway started on its own (mcpscope demo-server), whose
			// answer named it: every difference below may be only that
			// the servers differ.
			fmt.Fprintf(cmd.ErrOrStderr(), "warning: the recording is of %s, not of the built-in demo gateway: unless that server was a demo gateway too, its tools and answers differ from the demo's\n", sanitize.Line(h.URL))
		}
	}
	cfg, err := cf.config(url)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	if note := cf.rootsNote(); note != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), "warning: "+note)
	}
	// What the user answered when recording is answered again, so a tool
	// that asks re-runs to its end.
	cfg.Answerer = recording.Answers()
	// The recorded client's capabilities, not the re-run's own: a server
	// offers some tools only to a client that can sample or fill a form,
	// and a re-run across eras sends no recorded handshake of its own.
	cfg.ClientCapabilities = recording.ClientCapabilities()
	// The session starts offering the roots the recorded client offered,
	// so a server that asks gets the recorded answer. A --root the user
	// typed wins over them (see below).
	if len(cf.roots) == 0 {
		if roots, ok := recording.Roots(); ok {
			cfg.Roots = roots
		}
	}
	// SIGHUP (the terminal closed) as SIGINT: the results so far are
	// printed and the server's session is ended, not dropped at once.
	ctx, interrupt := interruptible(context.Background(), cmd.ErrOrStderr(), "the server's session may not have been ended")
	defer interrupt.Stop()
	sess := mcp.NewSession(cfg)
	interrupt.Hurries(sess)
	go func() {
		for range sess.Records() {
		}
	}()
	defer sess.Close()
	mask := newQueryMask(cfg.URL, false)
	if err := sess.Connect(ctx); err != nil {
		err = withAdvice(err)
		if recording.Header().Demo {
			// The recorded URL's port was the demo's, chosen at random
			// and gone with it: starting a server there is no way out.
			err = fmt.Errorf("%w\n  note: %s is a recording of the built-in demo gateway, whose port closed with it: --against %s starts the demo again", err, path, againstDemo)
		}
		return &exitError{exitConnect, mask.err(err)}
	}
	// With --root, those roots stand for the whole re-run: the recording's
	// changes of roots are not replayed. Rerun changes roots only through
	// a Sender that can, which this wrapper hides.
	// Either way it names the live session (history.LiveSessionNamer),
	// whose id is read in place of the recorded one's in the answers
	// compared.
	var sender history.Sender = sess
	if len(cf.roots) > 0 {
		sender = struct {
			history.Sender
			history.LiveSessionNamer
		}{sess, sess}
	}
	// The credentials given here are kept out of what is compared and
	// printed, as a recording keeps them out of itself. The report, which
	// a CI job's log keeps, names the server by its URL with the password
	// masked as typed (urlpass.Typed): url.Parse takes "ann:pw@host", no
	// scheme as mcpscope accepts it, for a URL of scheme "ann" with no
	// password, which was printed whole. A credential in its query is
	// masked too.
	against := mask.text(urlpass.Typed(url))
	// Each result is printed as soon as it is judged, through exec's
	// watch on stdout: when what reads it has gone (| head -1), the
	// re-run stops sending, ends the session and says why, as exec does,
	// rather than re-running the rest for no reader and ending silently.
	ctx, out := watchOutput(ctx, cmd.OutOrStdout())
	width := outputWidth(cmd.OutOrStdout())
	legend, cut, wider := false, false, false
	report := newJSONReport(out, path, against)
	var repeated history.RepeatedDiffs
	each := func(r history.RerunResult) {
		if asJSON {
			report.add(r)
			return
		}
		r.SameAs = repeated.Earlier(r)
		if !legend && r.ShowsDiff() {
			// Which side of a diff is which, said once above the
			// first: a failure under it has no - and + to explain.
			legend = true
			fmt.Fprintf(out, "- recorded in %s\n+ answered now by %s\n\n", sanitize.Line(path), sanitize.Line(against))
		}
		fmt.Fprint(out, history.RenderRerunResult(r, width))
		c, w := history.RerunResultCut(r, width)
		cut, wider = cut || c, wider || w
	}
	sum, err := recording.Rerun(ctx, sender, ignore, history.RecordOptions{Tokens: secretsOf(cfg), Headers: cfg.Header}, cfg.URL, each)
	if err != nil {
		if asJSON {
			// The file changed under the re-run: the report written so
			// far is ended, saying why, or a script reads JSON cut off
			// after its last result.
			report.end(false, history.NotResent{}, append(slices.Clone(warnings), err.Error()))
		}
		return &exitError{exitFailed, err}
	}
	if sum.Len() == 0 && ctx.Err() == nil {
		// Exit 0 would say every answer matched: a recording cut short
		// before its first request would pass a CI check comparing nothing.
		return &exitError{exitUsage, fmt.Errorf("%s holds no request to re-run, so nothing was compared: re-run a recording of a session that sent requests", path)}
	}
	if asJSON {
		report.end(sum.AllSame(), sum.NotResent(), warnings)
	} else {
		fmt.Fprint(out, sum.Counts())
	}
	if cut {
		// A value cut to its first columns can hide what changed (two
		// error texts alike for 70 columns), and a report saved to a
		// file is cut as one read on a terminal of 80.
		how := ""
		if wider && width < widerReport {
			// Offered only where it shows more: a report already that
			// wide, or a "now:" line (as short at any width), would not.
			how = fmt.Sprintf(" (or COLUMNS=%d widens the report)", widerReport)
		}
		sayNote(cmd.ErrOrStderr(), fmt.Sprintf("note: answers were cut to fit %d columns: --json gives them whole%s", width, how))
	}
	for _, p := range sum.UnmatchedIgnores(ignore) {
		// The pattern is read leniently (a typo is a key name), so one
		// that ignored nothing is said, once, after the results.
		sayNote(cmd.ErrOrStderr(), fmt.Sprintf("note: --ignore %q matched nothing: no answer compared has such a field (e.g. $.result.meta.etag, or a bare key name for that key anywhere)", sanitize.Line(p)))
	}
	if ctx.Err() != nil {
		code, err := stopped(ctx)
		return &exitError{code, err}
	}
	if sum.Unreachable() {
		return &exitError{exitConnect, nil}
	}
	if !sum.AllSame() {
		return &exitError{exitFailed, nil}
	}
	return nil
}

// sayNote writes a note of replay --against's to w wrapped at its spaces to
// the width of the terminal w writes to (wrapped), one line to a pipe: at
// 80 columns "note: answers were cut to fit 80 columns…" ran 99 wide.
func sayNote(w io.Writer, note string) {
	for _, row := range wrapped(note, terminalWidth(w)) {
		fmt.Fprintln(w, row)
	}
}

// exportFormats are the words export's --format takes, as its help and
// its refusal of another word both say them; markdown is md's other name.
var exportFormats = []string{"md", "markdown", "json"}

func newExportCmd() *cobra.Command {
	var format, output string
	cmd := &cobra.Command{
		Use:   "export FILE",
		Short: "Write a recording as a Markdown transcript (--format md) or JSON pairs (--format json)",
		Long: `Write a recording as a Markdown transcript to share (--format md or
markdown, the default) or as its request/response pairs in JSON (--format
json), to standard output or to the file -o names. -o replaces the file it
names, except a recording: it refuses to write over a session.

` + fileArgHelp,
		Args: recordingArgs("mcpscope export FILE --format md, or mcpscope export last for the one written to last"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if strings.EqualFold(format, "markdown") {
				// The command's own help calls it a Markdown transcript,
				// and the word is what a reader of it types.
				format = "md"
			}
			if err := choiceError("--format", format, exportFormats); err != nil {
				return &exitError{exitUsage, err}
			}
			path, err := recordingPath(args[0], cmd.ErrOrStderr())
			if err != nil {
				return &exitError{exitUsage, err}
			}
			if err := notTheRecording(output, path); err != nil {
				return &exitError{exitUsage, err}
			}
			if err := notARecording(output); err != nil {
				return &exitError{exitUsage, err}
			}
			if output != "" && output != "-" {
				if err := outputDirError("-o", output, "session.md"); err != nil {
					return &exitError{exitUsage, err}
				}
			}
			log, h, warnings, err := history.LoadLog(path)
			if err != nil {
				return &exitError{exitUsage, err}
			}
			defer log.Close()
			for _, w := range warnings {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s: %s\n", sanitize.Line(path), sanitize.Line(w))
			}
			w := cmd.OutOrStdout()
			var f *atomicfile.File
			if output != "" && output != "-" {
				if f, err = atomicfile.Create(output, true); err != nil {
					return &exitError{exitFailed, outputError("-o", output, err)}
				}
				w = f
			}
			if format == "md" {
				err = history.ExportMarkdownNoting(w, h, log, warnings)
			} else {
				err = history.ExportJSONNoting(w, h, log, warnings)
			}
			if f != nil {
				if err == nil {
					err = f.Commit()
				}
				if err != nil {
					err = dropIncomplete(f, output, err)
				}
			}
			if err != nil {
				return &exitError{exitFailed, err}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "md", orList(exportFormats))
	completeChoices(cmd, "format", func() []string { return exportFormats })
	cmd.Flags().StringVarP(&output, "output", "o", "", "write to this file instead of standard output")
	return cmd
}

// dropIncomplete gives up the file export -o could not finish, as err
// says: half a transcript (the disk filled) would pass for the whole one
// when shared (atomicfile's policy). What is no regular file (a link, a
// device such as /dev/stdout) is the user's, never ours to delete: as
// root, the write error of a full disk removed /dev/stdout.
func dropIncomplete(f *atomicfile.File, output string, err error) error {
	switch f.Abort() {
	case atomicfile.Kept:
		return fmt.Errorf("%w: %s keeps what it held", err, output)
	case atomicfile.Removed, atomicfile.Dropped:
		return fmt.Errorf("%w: removed the incomplete %s", err, output)
	}
	return fmt.Errorf("%w: what %s received is incomplete", err, output)
}

// notTheRecording refuses an --output that is the recording being exported
// (by any name: a link, a relative path). Creating it would empty the
// recording before a record of it was read: the session would be lost and
// the export would be of nothing.
func notTheRecording(output, recording string) error {
	if output == "" || output == "-" {
		return nil
	}
	out, err := os.Stat(output)
	if err != nil {
		return nil // it does not exist yet, so it is not the recording
	}
	in, err := os.Stat(recording)
	if err != nil || !os.SameFile(in, out) {
		return nil
	}
	return fmt.Errorf("--output %s is the recording being exported: writing it would destroy the recording; name another file", output)
}

// notARecording refuses an --output that holds another recording: the
// export would replace that session, which nothing else kept, as --record
// refuses to without --force. Any other file is replaced, as -o does.
func notARecording(output string) error {
	if output == "" || output == "-" {
		return nil
	}
	r, err := history.Open(output) // a regular file only: a device or FIFO is never read
	if err != nil && !history.NewerFormat(err) {
		return nil // not there, or no recording
	}
	if r != nil {
		r.Close()
	}
	return fmt.Errorf("--output %s is a recording of another session: writing it would destroy that session; name another file", output)
}

// fileArgHelp is what replay's and export's help say of FILE.
const fileArgHelp = `FILE may be last, the recording written to last (its last record the
newest: the session just quit, not an exec begun during it, which mcpscope
sessions lists first by its start); ./last is a file named last. A bare
name not found here is looked for in the sessions directory, .jsonl
optional.`
