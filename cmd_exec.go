package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

const execHelp = `Connect, run each COMMAND in order and print its result.

Each COMMAND is one command line as you would type it in the TUI:
  initialize
  tools/list            (--all follows nextCursor to the last page)
  tools/call NAME key=value key2:=<json> ...
  METHOD [key=value ... | '{"json":"params"}']
Quote a whole command, or give its words as separate arguments:
  mcpscope exec http://localhost:8811 'tools/call greet name=Ann times=2'
  mcpscope exec tools/call greet name=Ann times=2
Without a URL the built-in demo gateway is started and used. The session is
initialized first unless the first command is initialize.

Exit status:
  0  every command succeeded
  1  a JSON-RPC error, a tool result with isError, or a request that failed
  2  usage error (bad flags, a command line that does not parse)
  3  connection or negotiation failure
  130 interrupted (ctrl+c)`

func newExecCmd() *cobra.Command {
	var cf connFlags
	var rf recordFlags
	var asJSON bool
	var answers []string
	cmd := &cobra.Command{
		Use:   "exec [URL] COMMAND...",
		Short: "Run commands against a server without the TUI and print the results",
		Long:  execHelp,
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			url, lines, err := splitURL(args)
			if err != nil {
				return &exitError{exitUsage, err}
			}
			cmds, err := parseCommands(lines)
			if err != nil {
				return &exitError{exitUsage, err}
			}
			if len(cmds) == 0 {
				return &exitError{exitUsage, errors.New("no command given: e.g. mcpscope exec tools/list")}
			}
			return runExec(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), url, cmds, &cf, &rf, asJSON, answers)
		},
	}
	cf.register(cmd)
	rf.register(cmd)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print every record as a JSON line instead of readable results")
	cmd.Flags().StringArrayVar(&answers, "answer", nil, "answer what the server asks, given ahead: 'KEY|METHOD accept field=value ...', 'elicitation decline', 'sampling REPLY TEXT' (repeatable)")
	cmd.Flags().SetInterspersed(false)
	return cmd
}

// splitURL takes a leading server address off the arguments. An argument
// that looks like an address but does not parse is an error, never a
// command and never a reason to fall back to the demo gateway.
func splitURL(args []string) (string, []string, error) {
	if len(args) == 0 || !addressLike(args[0]) {
		return "", args, nil
	}
	url, err := serverArg(args[0])
	return url, args[1:], err
}

// commandStarters are first words that begin a new command; any other word
// continues the previous one, so `exec tools/call greet name=Ann` works
// unquoted as well as quoted.
var commandStarters = map[string]bool{"initialize": true, "init": true, "ping": true, "list": true, "ls": true, "call": true}

func parseCommands(args []string) ([]command.Command, error) {
	var lines []string
	for _, a := range args {
		words, err := command.SplitWords(a)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", a, err)
		}
		// JSON params continue their command even though they hold slashes.
		isJSON := strings.HasPrefix(strings.TrimSpace(a), "{") || strings.HasPrefix(strings.TrimSpace(a), "[")
		starts := len(words) > 0 && !isJSON && (commandStarters[words[0]] || (strings.Contains(words[0], "/") && !strings.Contains(words[0], "=")))
		if starts || len(lines) == 0 {
			lines = append(lines, a)
			continue
		}
		lines[len(lines)-1] += " " + command.ShellQuote(a)
	}
	cmds := make([]command.Command, 0, len(lines))
	for _, l := range lines {
		c, err := command.ParseCommand(l)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", l, err)
		}
		cmds = append(cmds, c)
	}
	return cmds, nil
}

func runExec(ctx context.Context, stdout, stderr io.Writer, url string, cmds []command.Command, cf *connFlags, rf *recordFlags, asJSON bool, answers []string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := interruptible(ctx, stderr)
	defer stop()
	demoUsed := url == ""
	url, stopDemo, err := orDemo(url, cf.transport)
	if err != nil {
		return err
	}
	defer stopDemo()
	if demoUsed && !asJSON {
		fmt.Fprintf(stderr, "no URL given: using the built-in demo gateway at %s\n", url)
	}
	cfg, err := cf.config(url)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	ans := &execAnswers{given: answers, warn: stderr}
	cfg.Answerer = ans
	sess := mcp.NewSession(cfg)
	records, rec, err := rf.start(sess.Records(), cfg, func(err error) {
		fmt.Fprintf(stderr, "mcpscope: %v\n", err)
	})
	if err != nil {
		sess.Close()
		return &exitError{exitUsage, err}
	}
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		// Records carry server text: encoded JSON keeps bidi and C1
		// characters raw, so each line goes through sanitize.JSON, which
		// escapes them without changing the value.
		// A batch is written with one system call, not one per record.
		var line bytes.Buffer
		enc := json.NewEncoder(&line)
		out := bufio.NewWriter(stdout)
		for batch := range records {
			for _, r := range batch {
				if asJSON {
					line.Reset()
					if enc.Encode(r) == nil {
						_, _ = out.Write(sanitize.JSON(line.Bytes()))
					}
					continue
				}
				if r.Kind == mcp.KindHTTP {
					// Where requests really went is the user's to know.
					for _, hop := range r.HTTP.Redirects {
						fmt.Fprintf(stderr, "redirected: %s %s answered %d, to %s\n", r.HTTP.Method, sanitize.Line(hop.From), hop.Status, sanitize.Line(hop.To))
					}
				}
			}
			_ = out.Flush()
		}
	}()
	finish := func(code int, err error) error {
		sess.Close()
		<-drained
		if rec != nil && rec.report(stderr, false) != nil && code == exitOK {
			// The answers were fine, the file is not: a script relying on
			// the recording must know.
			code, err = exitFailed, nil
		}
		if code == exitOK {
			return nil
		}
		return &exitError{code, err}
	}
	// Each command's result is written at once when it is complete, rather
	// than in a system call per line.
	out := bufio.NewWriter(stdout)
	p := &printer{w: out, errw: stderr, quiet: asJSON}
	if err := sess.Connect(ctx); err != nil {
		if ctx.Err() != nil {
			return finish(exitInterrupted, errors.New("interrupted"))
		}
		return finish(exitConnect, withAdvice(err))
	}
	if cmds[0].Method != "initialize" {
		cmds = append([]command.Command{{Method: "initialize", Line: "initialize"}}, cmds...)
	}
	code := exitOK
	for i, c := range cmds {
		var resp *mcp.Response
		var warnings []command.ArgWarning
		var err error
		if opened := sess.InitializeResult(); i == 0 && opened != nil && c.Params == nil && len(c.Words) == 0 {
			// Streamable HTTP opens its session with initialize: that is
			// the answer, and a second initialize would open another.
			resp = opened
		} else {
			resp, warnings, err = command.Run(ctx, sess, c)
		}
		for _, w := range warnings {
			fmt.Fprintf(stderr, "warning: %s\n", sanitize.Text(w.String()))
		}
		got := p.result(c, resp, err)
		_ = out.Flush()
		if ctx.Err() != nil {
			return finish(exitInterrupted, errors.New("interrupted"))
		}
		if got == exitConnect {
			return finish(exitConnect, nil)
		}
		code = max(code, got)
	}
	if missing := ans.missing(); missing != "" {
		fmt.Fprintln(stderr, missing)
		code = max(code, exitFailed)
	}
	return finish(code, nil)
}

// withAdvice adds what to do about a connection failure, worded for the
// command line, on a line of its own.
func withAdvice(err error) error {
	hint := advice.ForError(err, advice.CLI)
	if hint == "" {
		return err
	}
	return fmt.Errorf("%w\n  hint: %s", err, hint)
}

func waitForSignal() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	<-ch
}
