package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/term"
	"github.com/muesli/termenv"
	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/stdlog"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/themes"
	"github.com/mcpscope/mcpscope/ui"
)

// addRootTUI makes `mcpscope [URL]` open the debugger.
func addRootTUI(root *cobra.Command) {
	var cf connFlags
	var rf recordFlags
	var theme string
	oneURL := needArgs(0, 1, "at most one URL, the server to debug", "mcpscope http://localhost:8811 (or a command: mcpscope --help lists them)")
	root.Args = func(cmd *cobra.Command, args []string) error {
		// "mcpscope exce tools/list" is a mistyped command, not two URLs.
		if len(args) > 1 && !addressLike(args[0]) {
			return unknownWord(cmd, args[0])
		}
		return oneURL(cmd, args)
	}
	cf.register(root)
	rf.register(root)
	themeFlag(root, &theme)
	root.Long = `mcpscope opens a live session to an MCP server or gateway and shows how the
transport was found, every raw event and the matched request/response pairs.
It speaks all three eras of MCP over HTTP: legacy HTTP+SSE, streamable HTTP
with sessions, and the stateless 2026-07-28 revision, and finds which one a
URL serves. With no URL it starts the built-in demo gateway and connects to it.

  mcpscope                            the built-in demo gateway
  mcpscope http://localhost:8811      a Docker MCP Gateway (--bearer or
                                      $MCPSCOPE_TOKEN)
  mcpscope http://localhost:3000/mcp  a streamable HTTP or 2026-07-28 server
  mcpscope proxy URL                  watch a real client talk to URL

Every session is recorded (see mcpscope sessions, mcpscope replay).`
	root.RunE = func(cmd *cobra.Command, args []string) error {
		url := ""
		if len(args) == 1 {
			if !addressLike(args[0]) {
				return unknownWord(cmd, args[0])
			}
			var err error
			if url, err = serverArg(args[0]); err != nil {
				return &exitError{exitUsage, err}
			}
		}
		if url == "" {
			if err := flagAteURL(cmd); err != nil {
				return &exitError{exitUsage, err}
			}
		}
		if err := rf.check("", false); err != nil {
			return &exitError{exitUsage, err}
		}
		return runTUI(url, &cf, &rf, theme)
	}
	root.AddCommand(newThemesCmd())
}

// needTerminal refuses to draw into a pipe. On a terminal it asks for the
// background colour, before bubbletea takes the terminal: the query that
// bubbletea's package init would have made for every command (see
// internal/termquery) is made only by the commands that draw.
func needTerminal() error {
	if !term.IsTerminal(os.Stdin.Fd()) || !term.IsTerminal(os.Stdout.Fd()) {
		return &exitError{exitUsage, errors.New("the debugger needs a terminal; for scripts and pipes use 'mcpscope exec [URL] COMMAND...'")}
	}
	queryBackground()
	return nil
}

// queryBackground tells lipgloss whether the terminal on stdout has a dark
// background, so adaptive colours (the default theme) follow it. Off a
// terminal it asks nothing.
func queryBackground() {
	lipgloss.SetHasDarkBackground(termenv.NewOutput(os.Stdout).HasDarkBackground())
}

func loadStyles(name string) (themes.Styles, error) {
	t, err := themes.Load(name)
	if err != nil {
		return themes.Styles{}, themeError(err)
	}
	keepAttributes(t.Palette, os.Getenv(themes.EnvNoColor) != "", termenv.NewOutput(os.Stdout).ColorProfile())
	return themes.NewStyles(t.Palette), nil
}

// checkTheme refuses a --theme that cannot be loaded, as loadStyles does,
// where nothing may load it (proxy --headless, replay --against) or only
// once the command has started listening (the proxy's TUI): a theme
// mistyped there was silently ignored, or said after the port was taken.
func checkTheme(name string) error {
	if _, err := themes.Load(name); err != nil {
		return themeError(err)
	}
	return nil
}

// keepAttributes lets a colourless theme (mono, which NO_COLOR picks) draw
// its bold, faint, reverse and underline on a terminal that has them. With
// NO_COLOR set, termenv falls back to its ASCII profile, which drops those
// too: the selected row looked like every other and enter opened a row
// nobody could see. NO_COLOR asks for no colour (no-color.org) and such a
// theme has none to send; a theme with colours keeps the ASCII profile.
func keepAttributes(p themes.Palette, noColor bool, term termenv.Profile) {
	if noColor && term != termenv.Ascii && p.Colourless() {
		lipgloss.SetColorProfile(termenv.ANSI)
	}
}

// historyPath is where the command line keeps earlier commands; "", none
// kept, when the sessions directory beside it is refused as not private
// (its recording, or mcpscope sessions, says why).
func historyPath() string {
	dir, err := history.DefaultDir()
	if err != nil {
		return ""
	}
	return filepath.Join(filepath.Dir(dir), "history")
}

func runTUI(url string, cf *connFlags, rf *recordFlags, theme string) error {
	note := ""
	if url == "" {
		note = "demo gateway: run mcpscope URL for a real one"
		rf.demo = true
	}
	// What is wrong with the flags is said before that a terminal is
	// needed, so that the user fixes everything in one go: the theme, and
	// connect's checks of the rest.
	styles, err := loadStyles(theme)
	if err != nil {
		return err
	}
	// net/http logs through the standard logger until the session and the
	// demo gateway are closed, after the TUI gave the screen back (a DELETE
	// answered past its Content-Length): said as exec says it, made safe
	// and explained, not as a bare line under the shell's prompt. The TUI
	// holds the logger while it runs; deferred first, this ends last.
	defer stdlog.Route(os.Stderr)()
	url, cfg, stopDemo, err := cf.connect(url)
	if err != nil {
		return err
	}
	defer stopDemo()
	if err := needTerminal(); err != nil {
		return err
	}
	cfg.Reconnect = true
	// What the server asks of the user (elicitation, sampling) is
	// answered at a prompt in the TUI.
	answers := ui.NewAnswerer()
	cfg.Answerer = answers
	sess := mcp.NewSession(cfg)
	records, rec, err := rf.start(sess.Records(), cfg, nil)
	if err != nil {
		sess.Close()
		return &exitError{exitUsage, err}
	}
	// A refused DELETE ending the session is said once the screen is
	// given back, as exec says it: only the recording said the session
	// may stay open on the server. Noted as the records pass, since the
	// screen's last wait for records may take the DELETE's and drop it.
	// Each is said: each i after the first ends a session with a DELETE.
	var refused deleteLines
	records = watchRecords(rf.shown(records, cfg), func(r *mcp.Record) {
		if line := deleteLine(r); line != "" {
			refused.add(line)
		}
	})
	opts := liveOptions(sess, records, styles, cf, cfg, note, answers)
	// The status bar's URL until the first record names one: its query's
	// credentials masked as the records' are.
	opts.URL = newQueryMask(cfg.URL, rf.secrets).text(opts.URL)
	if rec != nil {
		opts.RecordingPath, opts.RecordingFailed = rec.Path(), rec.Failed()
		// The screen reads the records back from the recording, made
		// before the first record is written so that it holds none.
		opts.Log = rec.rec.NewLog()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// A failed connection shows in the panes as records; the user can retry
	// with r without leaving.
	go func() { _ = sess.Connect(ctx) }()
	runErr := ui.Run(opts)
	cancel()
	leave, stopLeave := quitInterrupts()
	defer stopLeave()
	closeOnQuit(os.Stderr, quitWait, leave, sess)
	// Drain what the UI no longer reads so the recorder gets every record
	// before it closes.
	for range records {
	}
	refused.write(os.Stderr)
	var recErr error
	if rec != nil {
		recErr = rec.report(os.Stderr, true, terminalWidth(os.Stderr))
	}
	if runErr != nil {
		return &exitError{exitFailed, runErr}
	}
	if recErr != nil {
		// Said above; the status says it too, as exec's does.
		return &exitError{code: exitFailed}
	}
	return nil
}

// watchRecords passes in's records on, each seen by see first.
func watchRecords(in <-chan []mcp.Record, see func(*mcp.Record)) <-chan []mcp.Record {
	out := make(chan []mcp.Record)
	go func() {
		defer close(out)
		for batch := range in {
			for i := range batch {
				see(&batch[i])
			}
			out <- batch
		}
	}()
	return out
}

// liveOptions are the TUI's options for the live session sess, whose
// records (as the recorder passes them on) it shows.
func liveOptions(sess *mcp.Session, records <-chan []mcp.Record, styles themes.Styles, cf *connFlags, cfg mcp.Config, note string, answers *ui.Answerer) ui.Options {
	return ui.Options{
		Records: records, Backend: command.NewRunner(sess), Styles: styles,
		// The session's URL, not the one typed: it holds no password, and
		// the status bar shows it until the first record names a URL (all
		// through a probe the server leaves unanswered).
		URL: sess.URL(), Transport: cf.transport, ProbeTimeout: cfg.EndpointTimeout, Note: note, Warning: cf.rootsNote(), HistoryPath: historyPath(), Answers: answers,
	}
}

func newThemesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "themes",
		Short: "List the colour themes with a swatch of each",
		Args:  needArgs(0, 0, "no arguments", "mcpscope themes"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			queryBackground()
			ts, errs := themes.List()
			fmt.Fprint(cmd.OutOrStdout(), themes.RenderList(ts, errs, outputWidth(cmd.OutOrStdout())))
			return nil
		},
	}
}

// themeFlag adds --theme, which the live TUI and replay share.
func themeFlag(cmd *cobra.Command, theme *string) {
	cmd.Flags().StringVar(theme, "theme", "", "colour theme: default, dark, light, high-contrast, mono or a user theme (see mcpscope themes)")
	completeChoices(cmd, "theme", themeNames)
}
