package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/stdlog"
	"github.com/mcpscope/mcpscope/internal/urlpass"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

const execHelp = `Connect, run each COMMAND in order and print its result.

Each COMMAND is one command line as you would type it in the TUI (short
forms in parentheses; lists take --all to follow nextCursor to the last page,
or cursor=X for one page, cursor="" for the page an empty nextCursor names):
  initialize                                  (init)
  tools/list                                  (list, ls, tools)
  tools/call NAME key=value key2:=<json> ...  (call)
  tools/call NAME '{"key":"value",...}'       the arguments as one JSON object,
                                              sent exactly as typed
  resources/list                              (resources)
  resources/templates/list                    (templates)
  resources/read URI                          (read)
  resources/read TEMPLATE var=value ...       fills an RFC 6570 template:
      read 'repo://{owner}/{name}' owner=mcpscope name=mcpscope
  resources/subscribe URI, resources/unsubscribe URI   (subscribe, unsubscribe)
  prompts/list                                (prompts)
  prompts/get NAME arg=value ...              (prompt)
  completion/complete prompt NAME ARG=VALUE [other=value ...]   (complete)
  completion/complete resource TEMPLATE VAR=VALUE [other=value ...]
  logging/setLevel LEVEL                      (loglevel; debug info notice
                                               warning error critical alert
                                               emergency)
  tasks/get taskId=ID                         (tasks/result, tasks/cancel
                                               alike; tasks/list); a tool
                                               that runs only as a task is
                                               called as one and followed
                                               to its result
  subscriptions/listen notifications:='{"toolsListChanged":true}'
                                              2026-07-28: answered by the
                                              server's acknowledgement; the
                                              stream stays open
  METHOD [key=value ... | '{"json":"params"}']
Quote a whole command, or give its words as separate arguments:
  mcpscope exec http://localhost:8811 'tools/call greet name=Ann times=2'
  mcpscope exec tools/call greet name=Ann times=2
Without a URL the built-in demo gateway is started and used. The session is
initialized first unless the first command is initialize (in the 2026-07-28
era, server/discover stands for it); when initialize fails, the commands after
it are not sent.

Log messages and resource updates the server sends are printed with the
answer they came before (lines starting with ·); --linger keeps the session
open after the last command to print those that come later (a subscription's
updates), warns on stderr when the server was late to open the stream they
come on (what it sent before may be missed), and ends early, saying so, when
no more can come (the server offers no GET stream, or its listen stream gave
up for good). On a terminal, stderr shows the progress of a pending request;
ctrl+c cancels it on the wire before exiting.

What the server asks of the user (elicitation, sampling) is answered from
--answer flags given ahead, in the words the TUI takes:
  --answer 'elicitation accept name=Ann copies:=2'   (or decline, cancel)
  --answer 'sampling The reply text'                 (or decline)
  --answer 'KEY accept ...'     a 2026 inputRequests key, or a method name
Without an answer exec exits 1 and says what was asked.

Exit status:
  0  every command succeeded
  1  a JSON-RPC error, a tool result with isError, or a request that failed
  2  usage error (bad flags, a command line that does not parse)
  3  connection or negotiation failure
  130 interrupted (ctrl+c)
  141 what read its output ended (| head -1): the session ended, its
      recording closed`

func newExecCmd() *cobra.Command {
	var cf connFlags
	var rf recordFlags
	var asJSON bool
	var answers []string
	var xf execFlags
	cmd := &cobra.Command{
		// Flags go first: after the URL or a command word they are read as
		// the command's (SetInterspersed below), and cobra's own
		// "COMMAND... [flags]" said to put them last.
		Use:   "exec [flags] [URL] COMMAND...",
		Short: "Run commands against a server without the TUI and print the results",
		Long:  execHelp,
		Args:  needArgs(1, -1, "a COMMAND to run (and a URL before it, or the demo gateway is used)", "mcpscope exec tools/list"),
		RunE: func(cmd *cobra.Command, args []string) error {
			url, lines, err := splitURL(args)
			if err != nil {
				return &exitError{exitUsage, err}
			}
			if url == "" {
				if err := flagAteURL(cmd); err != nil {
					return &exitError{exitUsage, err}
				}
			}
			if flag := misplacedFlag(cmd, lines); flag != "" {
				return &exitError{exitUsage, fmt.Errorf("%s is a flag of exec but comes after the first command word or URL, where flags are not read: put the flags first (mcpscope exec %s ... URL COMMAND...)", flag, flag)}
			}
			cmds, err := parseCommands(lines)
			if err != nil {
				// The line says what is wrong and what to type; the 30
				// rows of every command's form under it buried that.
				return &exitError{exitUsage, &advisedError{err: err, hint: "mcpscope help exec lists every command and its form"}}
			}
			if len(cmds) == 0 {
				return &exitError{exitUsage, errors.New("no command given: e.g. mcpscope exec tools/list")}
			}
			xf.force = rf.force
			if err := rf.check("--save FILE", xf.save != ""); err != nil {
				return &exitError{exitUsage, err}
			}
			if err := xf.check(cmds); err != nil {
				return &exitError{exitUsage, err}
			}
			if err := checkAnswers(answers); err != nil {
				return &exitError{exitUsage, err}
			}
			xf.asJSON, xf.answers = asJSON, answers
			xf.tty = isTerminal(cmd.ErrOrStderr())
			if xf.tty {
				xf.errWidth = outputWidth(cmd.ErrOrStderr())
			}
			if isTerminal(cmd.OutOrStdout()) {
				xf.width = outputWidth(cmd.OutOrStdout())
			}
			return runExec(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), url, cmds, &cf, &rf, &xf)
		},
	}
	cf.register(cmd)
	rf.register(cmd)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print every record as a JSON line instead of readable results")
	cmd.Flags().StringArrayVar(&answers, "answer", nil, "answer what the server asks, given ahead: 'KEY|METHOD accept field=value ...', 'elicitation decline', 'sampling REPLY TEXT' (repeatable)")
	cmd.Flags().StringVar(&xf.save, "save", "", "write what resources/read gave (the blob decoded, or the text) to FILE, or a tools/call's images, audio and embedded resources (several: FILE-1.ext, FILE-2.ext, ...)")
	// One --force serves both files exec can write over.
	cmd.Flags().Lookup("force").Usage = "let --record FILE or --save FILE replace an existing file"
	durationVar(cmd.Flags(), &xf.linger, "linger", 0, "after the last command, keep the session open this long and print the notifications that arrive (e.g. a subscription's updates)")
	cmd.Flags().SetInterspersed(false)
	return cmd
}

// execFlags are exec's own flags, beyond the connection and recording.
type execFlags struct {
	asJSON  bool
	answers []string
	save    string
	force   bool
	linger  time.Duration
	// tty says stderr is a terminal, where the progress line is drawn.
	tty bool
	// errWidth is stderr's terminal's, "recorded to" fits its path in;
	// 0 when stderr is no terminal.
	errWidth int
	// width is stdout's terminal's, listings are wrapped to; 0 when
	// stdout is no terminal.
	width int
}

// check refuses flags that cannot apply to the commands given.
func (x *execFlags) check(cmds []command.Command) error {
	if x.linger < 0 {
		return fmt.Errorf("--linger %s: give a positive duration such as 5s", x.linger)
	}
	if x.save == "" {
		return nil
	}
	reads := 0
	for _, c := range cmds {
		if saves(c.Method) {
			reads++
		}
	}
	if reads != 1 {
		return fmt.Errorf("--save writes what one resources/read or tools/call gave, and %d commands read a resource or call a tool: give exactly one", reads)
	}
	// Said after the request, "the file exists; pass --force" of a
	// directory sent the user to a flag that could not help.
	return outputDirError("--save", x.save, "")
}

// isTerminal reports whether w is a terminal, where drawing a line over and
// over with carriage returns makes sense.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

func runExec(ctx context.Context, stdout, stderr io.Writer, url string, cmds []command.Command, cf *connFlags, rf *recordFlags, xf *execFlags) error {
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, interrupt := interruptible(ctx, stderr, "the recording may lack its last 100 ms")
	defer interrupt.Stop()
	ctx, stdout = watchOutput(ctx, stdout)
	asJSON := xf.asJSON
	demoUsed := url == ""
	// Its recording is named the built-in demo afterwards, not by the
	// random port that closes with it, and re-run against the demo.
	rf.demo = demoUsed
	url, cfg, stopDemo, err := cf.connect(url)
	if err != nil {
		return err
	}
	defer stopDemo()
	mask := newQueryMask(cfg.URL, rf.secrets)
	stderr = mask.writer(stderr)
	if demoUsed && !asJSON {
		fmt.Fprintf(stderr, "no URL given: using the built-in demo gateway at %s\n", url)
	}
	if note := cf.rootsNote(); note != "" {
		fmt.Fprintln(stderr, "warning: "+note)
	}
	ans := &execAnswers{given: xf.answers, warn: stderr}
	cfg.Answerer = ans
	sess := mcp.NewSession(cfg)
	interrupt.Hurries(sess)
	records, rec, err := rf.start(sess.Records(), cfg, func(err error) {
		fmt.Fprintf(stderr, "mcpscope: %v\n", err)
	})
	if err != nil {
		sess.Close()
		return &exitError{exitUsage, err}
	}
	progress := &progressLine{w: stderr, tty: xf.tty}
	// net/http logs through the standard logger (a server that sent more
	// than its Content-Length): said among exec's own lines, made safe.
	defer stdlog.Route(progress)()
	var gathered *notes
	if !asJSON {
		where := ""
		if rec != nil {
			where = rec.Path()
		}
		gathered = newNotes(where)
	}
	var live *liveStream // nil, looking at nothing, unless --linger waits
	if xf.linger > 0 {
		live = newLiveStream()
	}
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		// The LineWriter escapes what a terminal would act on, streams
		// large answers instead of encoding them in memory, and redacts
		// secrets as the recording does.
		// A batch is written with one system call, not one per record.
		out := bufio.NewWriter(stdout)
		lines := history.NewLineWriter(out, rf.options(cfg), cfg.URL)
		var saidRedirect recentLines
		for batch := range records {
			for _, r := range batch {
				live.record(r)
				if asJSON {
					if err := lines.Write(r); err != nil {
						fmt.Fprintf(stderr, "mcpscope: record %d cannot be printed as JSON: %v\n", r.Seq, err)
					}
					continue
				}
				if r.Kind == mcp.KindHTTP {
					// Where requests really went is the user's to know,
					// once: detection's two probes of a Docker gateway's
					// --transport sse are both sent on from /mcp to /sse.
					for _, hop := range r.HTTP.Redirects {
						line := fmt.Sprintf("redirected: %s %s answered %d, to %s\n", r.HTTP.Method, sanitize.Line(hop.From), hop.Status, sanitize.Line(hop.To))
						if saidRedirect.first(line) {
							fmt.Fprint(stderr, line)
						}
					}
					if words := r.HTTP.ResentWords(); words != "" {
						// The server may have read the message twice:
						// said each time, as each is its own.
						fmt.Fprintf(stderr, "resent: %s %s %s\n", r.HTTP.Method, sanitize.Line(urlpass.Mask(r.HTTP.URL, urlpass.Masked)), words)
					}
				}
				if line := deleteLine(&r); line != "" {
					fmt.Fprint(progress, line)
				}
				if line := waitLine(&r); line != "" {
					// Through progress, which clears its line first.
					fmt.Fprint(progress, line)
				}
				progress.record(r)
				gathered.record(r)
			}
			_ = out.Flush()
		}
	}()
	finish := func(code int, err error) error {
		// Said through progress, which clears its line first.
		closeOnQuit(progress, execCloseWait, nil, sess)
		<-drained
		progress.done()
		if named := mcp.NamesStrays(err); gathered.pending(named) {
			// Not only notifications: answers to no request of ours too.
			fmt.Fprintln(stdout, "── sent by the server after the last answer")
			// Wrapped to the width the commands' output is (the
			// printer is made after this).
			gathered.print(stdout, (&printer{width: xf.width}).hanging, 0, "", "", named)
		}
		if rec != nil && rec.report(stderr, false, xf.errWidth) != nil && code == exitOK {
			// The answers were fine, the file is not: a script relying on
			// the recording must know.
			code, err = exitFailed, nil
		}
		if code == exitOK {
			return nil
		}
		return &exitError{code, mask.err(err)}
	}
	// Each command's result is written at once when it is complete, rather
	// than in a system call per line.
	out := bufio.NewWriter(stdout)
	p := &printer{w: out, errw: stderr, quiet: asJSON, width: xf.width, savePath: xf.save, force: xf.force, notes: gathered, noListen: cfg.NoListen}
	if err := sess.Connect(ctx); err != nil {
		if ctx.Err() != nil {
			progress.interrupted()
			return finish(stopped(ctx))
		}
		return finish(exitConnect, withAdvice(err))
	}
	p.transport, p.protocol, p.logged, p.listed, p.declared, p.sessionless = sess.Transport(), sess.Protocol(), sess.Logged, sess.Tools, sess.ServerCapabilities, sess.Sessionless
	runner := command.NewRunner(sess)
	if opens := cmds[0].Method == "initialize" || cmds[0].Method == "server/discover" && p.modern(); !opens {
		// server/discover opens only a 2026 session; elsewhere it is a
		// request like any other, after the era's own handshake.
		cmds = append([]command.Command{{Method: "initialize", Line: "initialize"}}, cmds...)
	}
	if xf.linger > 0 || subscribes(cmds) {
		// The notifications waited for may be set off by the first
		// command: a server answers it before it knows of a listen stream
		// not yet acknowledged, and sends them nowhere.
		if late := sess.AwaitListen(ctx); late != "" && xf.linger > 0 {
			// Said once, before the first command: what the lingering
			// shows may lack what the server sent before the stream
			// was up. A subscription's own answer says its stream was
			// not acknowledged.
			fmt.Fprintf(stderr, "warning: %s: the commands were sent anyway; notifications the server sent before the stream was up may be missed\n", late)
		}
	}
	code := exitOK
	for i, c := range cmds {
		var resp *mcp.Response
		var warnings []command.ArgWarning
		var err error
		p.head(c)
		_ = out.Flush()
		ans.about(p.about(c))
		if opened := sess.InitializeResult(); i == 0 && opened != nil && c.Bare() {
			// Streamable HTTP opens its session with initialize: that is
			// the answer, and a second initialize would open another.
			resp = opened
		} else {
			if note := command.EraNote(c.Method, p.transport, sess.Protocol()); note != "" {
				// Said before the wait, which may last the whole --timeout.
				fmt.Fprintf(stderr, "warning: %s\n", sanitize.Line(note))
			}
			resp, warnings, err = runner.Do(ctx, c)
		}
		// The answer is in (or the request was given up on, and in the
		// 2025 eras notifications/cancelled already sent): the
		// progress line goes before the result is printed.
		if resp != nil && !asJSON {
			// --json prints records, not progress, and reads none into it.
			progress.caughtUp(resp.Seq)
		}
		progress.done()
		if ctx.Err() != nil {
			progress.interrupted()
		}
		for _, w := range warnings {
			// One line: a tool or key name the server chose must not
			// start a line of its own.
			fmt.Fprintf(stderr, "warning: %s%s\n", p.about(c), sanitize.Line(w.String()))
		}
		got := p.result(c, resp, err)
		_ = out.Flush()
		if ctx.Err() != nil {
			return finish(stopped(ctx))
		}
		if got == exitConnect {
			return finish(exitConnect, nil)
		}
		code = max(code, got)
		if rest := cmds[i+1:]; c.Method == "initialize" && len(rest) > 0 && command.AwaitsInitialize(sess) {
			fmt.Fprintln(stderr, notSentAfterInitialize(rest))
			code = max(code, exitFailed)
			break
		}
	}
	if xf.linger > 0 {
		var said io.Writer
		if !asJSON {
			said = stderr
		}
		// A listen stream of the user's own stays open whatever became
		// of the session's: its notifications may come.
		live.linger(ctx, xf.linger, sess.Logged(), said, !ownListen(cmds))
	}
	// After the linger: what the server asked meanwhile (on a bridge that
	// broadcasts, even another client's question) went unanswered too.
	if unused := ans.shadowedWords(); unused != "" {
		fmt.Fprintln(stderr, unused)
	}
	if missing := ans.missing(); missing != "" {
		fmt.Fprintln(stderr, missing)
		code = max(code, exitFailed)
	}
	return finish(code, nil)
}

// withAdvice adds what to do about a connection failure, worded for the
// command line, on a line of its own; the failure is one line, whatever
// the server's words it quotes hold.
func withAdvice(err error) error {
	return &advisedError{err: err, hint: advice.ForError(err, advice.CLI)}
}

// waitForSignal returns on SIGINT or SIGTERM, or when ctx ends (a test's
// stand-in for ctrl+c).
func waitForSignal(ctx context.Context) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(ch)
	select {
	case <-ch:
	case <-ctx.Done():
	}
}
