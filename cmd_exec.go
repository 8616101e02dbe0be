package main

import (
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
	cmd := &cobra.Command{
		Use:   "exec [URL] COMMAND...",
		Short: "Run commands against a server without the TUI and print the results",
		Long:  execHelp,
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			url, lines := splitURL(args)
			cmds, err := parseCommands(lines)
			if err != nil {
				return &exitError{exitUsage, err}
			}
			if len(cmds) == 0 {
				return &exitError{exitUsage, errors.New("no command given: e.g. mcpscope exec tools/list")}
			}
			return runExec(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), url, cmds, &cf, &rf, asJSON)
		},
	}
	cf.register(cmd)
	rf.register(cmd)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print every record as a JSON line instead of readable results")
	cmd.Flags().SetInterspersed(false)
	return cmd
}

// splitURL takes a leading URL off the arguments.
func splitURL(args []string) (string, []string) {
	if len(args) > 0 && looksLikeURL(args[0]) {
		return args[0], args[1:]
	}
	return "", args
}

// looksLikeURL accepts an http(s) URL or host:port, and nothing with spaces,
// so a command such as 'tools/call fetch url=https://x' is not taken for one.
func looksLikeURL(s string) bool {
	if strings.ContainsAny(s, " \t\n=") {
		return false
	}
	if strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
		return true
	}
	host, port, ok := strings.Cut(s, ":")
	if !ok || host == "" || strings.ContainsAny(host, "/= ") {
		return false
	}
	port, _, _ = strings.Cut(port, "/")
	for _, r := range port {
		if r < '0' || r > '9' {
			return false
		}
	}
	return port != ""
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

func runExec(ctx context.Context, stdout, stderr io.Writer, url string, cmds []command.Command, cf *connFlags, rf *recordFlags, asJSON bool) error {
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	demoUsed := url == ""
	url, stopDemo, err := orDemo(url)
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
		enc := json.NewEncoder(stdout)
		for batch := range records {
			for _, r := range batch {
				if asJSON {
					_ = enc.Encode(r)
				}
			}
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
	p := &printer{w: stdout, errw: stderr, quiet: asJSON}
	if err := sess.Connect(ctx); err != nil {
		if ctx.Err() != nil {
			return finish(exitInterrupted, errors.New("interrupted"))
		}
		return finish(exitConnect, err)
	}
	if cmds[0].Method != "initialize" {
		cmds = append([]command.Command{{Method: "initialize", Line: "initialize"}}, cmds...)
	}
	code := exitOK
	for _, c := range cmds {
		resp, warnings, err := command.Run(ctx, sess, c)
		for _, w := range warnings {
			fmt.Fprintf(stderr, "warning: %s\n", sanitize(w.String()))
		}
		got := p.result(c, resp, err)
		if ctx.Err() != nil {
			return finish(exitInterrupted, errors.New("interrupted"))
		}
		if got == exitConnect {
			return finish(exitConnect, nil)
		}
		code = max(code, got)
	}
	return finish(code, nil)
}

func waitForSignal() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	<-ch
}
