package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/mcpscope/mcpscope/internal/localurl"
	"github.com/mcpscope/mcpscope/internal/stdlog"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/proxy"
	"github.com/mcpscope/mcpscope/themes"
	"github.com/mcpscope/mcpscope/ui"
	"github.com/spf13/cobra"
)

// proxyFlags are the proxy command's own flags.
type proxyFlags struct {
	listen    string
	listenAny bool
	headless  bool
	recordDir string
	record    string // --record, which proxy refuses with what to pass
	noRecord  bool
	secrets   bool
	theme     string
	maxSess   int
	maxFlight int
	// idle is how long a client's connection may sit idle between
	// requests; 0 means idleTimeout (a test shortens it).
	idle time.Duration
}

// idleTimeout is how long a client's keep-alive connection may sit idle
// between requests before the proxy closes it. Without one, every
// connection a client ever opened and left idle held a file descriptor
// (and a goroutine) until the proxy stopped, so a client that opens many
// and never closes them could use up the process's open files and shut
// every other client out. Clients' own pools let idle connections go
// sooner than this (Node after 4 s, Go after 90 s) and reconnect anyway.
const idleTimeout = 2 * time.Minute

func newProxyCmd() *cobra.Command {
	var cf connFlags
	var pf proxyFlags
	cmd := &cobra.Command{
		Use:   "proxy URL",
		Short: "Watch a real MCP client talk to URL: relay it through mcpscope, showing and recording each client's session",
		Long: `mcpscope proxy listens on loopback and relays every MCP client that connects
to it to URL, over whichever transport the client chose (legacy HTTP+SSE,
streamable HTTP, stateless 2026-07-28), and shows their conversation in the
usual panes: each client is a session of its own ([ and ] switch between them),
recorded to a file of its own. A proxied session is watch-only: the client
owns it.

Point the client at the proxy's URL it prints, e.g.
  mcpscope proxy http://localhost:8811
  npx @modelcontextprotocol/inspector --cli http://127.0.0.1:8812/sse \
    --transport sse --method tools/list

--bearer and -H fill in credentials for a client that sends none; they go only
to URL. -H 'Name:' (empty, as with curl) removes the client's own header of
that name instead. A legacy server whose endpoint event names another origin
is refused (the client's POSTs get 502 saying why) unless --allow-origin names
that origin. --headless records without the TUI and prints one line per
message on stderr until interrupted (SIGINT, SIGTERM or SIGHUP), then flushes
the recordings.`,
		Args: needArgs(1, 1, "the URL of the server to relay to", "mcpscope proxy http://localhost:8811"),
		RunE: func(cmd *cobra.Command, args []string) error {
			url, err := serverArg(args[0])
			if err != nil {
				return &exitError{exitUsage, err}
			}
			if err := checkTheme(pf.theme); err != nil {
				return err
			}
			cfg, err := proxyConfig(url, &cf, &pf)
			if err != nil {
				return err
			}
			if !pf.headless {
				if err := needTerminal(); err != nil {
					return &exitError{exitUsage, errors.New("the proxy's TUI needs a terminal; use --headless for scripts and CI")}
				}
			}
			ctx := context.Background()
			if pf.headless {
				// Its lines go to stderr, often a pipe (2>&1 | head): once
				// what read it ended, a line would kill the proxy with
				// SIGPIPE, leaving the recordings without their close and
				// the clients cut off. Ignored, the write fails (EPIPE),
				// the line is dropped, and relaying and recording go on
				// until SIGINT, SIGTERM or SIGHUP, as the first line says.
				signal.Ignore(syscall.SIGPIPE)
				// SIGHUP too: a terminal that closes must not leave the
				// recordings without their last records and the report.
				// Caught before the proxy listens: it relays and records
				// from then, while it asks upstream what it serves for
				// its first lines (up to 2s), and a signal then killed
				// it with its recordings unclosed.
				var stop context.CancelFunc
				ctx, stop = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
				defer stop()
			}
			run, err := startProxyRun(url, cfg, &pf, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			if pf.headless {
				return run.headless(ctx)
			}
			return run.tui()
		},
	}
	cf.registerProxy(cmd)
	fs := cmd.Flags()
	fs.StringVar(&pf.listen, "listen", "127.0.0.1:8812", "address the proxy listens on (loopback unless --listen-any)")
	fs.BoolVar(&pf.listenAny, "listen-any", false, "allow --listen on an address other than loopback (anyone who reaches it can use URL with your credentials)")
	fs.BoolVar(&pf.headless, "headless", false, "no TUI: print one line per message on stderr and record until interrupted")
	fs.StringVar(&pf.recordDir, "record-dir", "", "record each client's session to a new file in this directory (default: the sessions directory)")
	// --record FILE, as exec and the TUI take it, is answered with what
	// proxy takes instead rather than cobra's "unknown flag".
	fs.StringVar(&pf.record, "record", "", "")
	_ = fs.MarkHidden("record")
	fs.BoolVar(&pf.noRecord, "no-record", false, "do not record the sessions")
	fs.BoolVar(&pf.secrets, "record-secrets", false, "keep Authorization, Cookie, -H values and tokens in the recordings (and on screen)")
	fs.IntVar(&pf.maxSess, "max-sessions", proxy.DefaultMaxSessions, "client sessions kept at once, each with its recording open: beyond it the least recently active idle one is ended (the new session's client's own, by host, User-Agent and clientInfo, when it has one idle), or with none idle the new one is refused with 503; one client holds at most three quarters of them; 0 means the default")
	fs.IntVar(&pf.maxFlight, "max-in-flight", proxy.DefaultMaxInFlight, "requests awaiting their answers and streams open at once in one client session (another client's POSTs to a legacy session count as that session's): beyond it the session's next request is refused with 503 and the refusal recorded (a DELETE always goes through); 0 means the default")
	themeFlag(cmd, &pf.theme)
	return cmd
}

// registerProxy adds the connection flags that mean something to a proxy:
// the client chooses the transport and how long to wait for answers.
func (f *connFlags) registerProxy(cmd *cobra.Command) {
	fs := cmd.Flags()
	f.transport, f.timeout = mcp.TransportAuto, mcp.DefaultRequestTimeout
	fs.StringArrayVarP(&f.headers, "header", "H", nil, "header 'Name: value' sent upstream when the client sends none of that name ('Name;' sends it empty, 'Name:' removes the client's own, as curl's -H does; repeatable)")
	fs.StringVar(&f.bearer, "bearer", "", "token sent upstream as Authorization: Bearer when the client sends no Authorization (default $MCPSCOPE_TOKEN, then $MCP_GATEWAY_AUTH_TOKEN; --bearer '' sends none)")
	f.bearerFlag = fs.Lookup("bearer")
	fs.StringArrayVar(&f.allowOrigins, "allow-origin", nil, "let a legacy upstream's endpoint event point the client's POSTs at this other origin, scheme://host:port (repeatable; it gets the client's own headers, never --bearer or -H); without it those POSTs are refused with 502")
	durationVar(fs, &f.endpointTimeout, "endpoint-timeout", mcp.DefaultEndpointTimeout, "how long connecting to URL may take")
	f.maxEventSize = mcp.DefaultMaxEventSize
	fs.Var(sizeFlag{&f.maxEventSize}, "max-event-size", "largest SSE event or JSON answer logged whole, in bytes or with a unit (64MiB); larger ones are still relayed. A client's message must fit in it, and the messages held at once in four times it")
}

// proxyRun is one run of the proxy: its listener and server, the proxy,
// and where its client sessions go.
type proxyRun struct {
	p        *proxy.Proxy
	srv      *http.Server
	served   chan struct{}
	base     string // the proxy's URL, as a local client reaches it
	upstream string
	eps      []proxy.Endpoint
	silent   string // what to say of an upstream that did not answer at start (upstreamSilent)
	errw     io.Writer
	theme    string
	sessions *proxySessions
	unroute  func() // gives the standard logger back (headless), in stop
}

// startProxyRun listens and starts relaying with the flags proxyConfig
// checked (cfg); the caller says where sessions go by running headless or
// tui.
func startProxyRun(url string, cfg mcp.Config, pf *proxyFlags, errw io.Writer) (*proxyRun, error) {
	run := &proxyRun{errw: errw, theme: pf.theme, served: make(chan struct{})}
	run.sessions = newProxySessions(cfg, pf, errw)
	p, err := proxy.New(proxy.Config{
		Upstream: url, Header: cfg.Header, Bearer: cfg.Bearer, AllowOrigins: cfg.AllowOrigins, MaxEventSize: cfg.MaxEventSize,
		DialTimeout: cfg.EndpointTimeout, AnyHost: pf.listenAny, MaxSessions: pf.maxSess, MaxInFlight: pf.maxFlight,
		OnStart: run.sessions.start, OnName: run.sessions.rename, OnRefused: run.sessions.refused,
	})
	if err != nil {
		return nil, &exitError{exitUsage, err}
	}
	ln, err := net.Listen("tcp", pf.listen)
	if err != nil {
		return nil, &exitError{exitConnect, listenFailure("--listen", pf.listen, err)}
	}
	if !pf.listenAny && !loopbackAddr(ln.Addr()) {
		ln.Close()
		return nil, &exitError{exitUsage, listenRefusal(pf.listen, ln.Addr())}
	}
	if err := proxyNamesItself(url, cfg.AllowOrigins, ln.Addr()); err != nil {
		// Before it serves or probes upstream: its probes would loop too.
		ln.Close()
		return nil, &exitError{exitUsage, err}
	}
	// Printed on stderr and the TUI's bar: the upstream's query
	// credentials masked as its records' are.
	run.p, run.upstream = p, newQueryMask(cfg.URL, pf.secrets).text(p.UpstreamURL())
	warnBeyondLoopback(errw, ln.Addr(), "the proxy", ": anyone who can reach it can use "+run.upstream+" with your credentials", "--listen 127.0.0.1:PORT")
	run.base = localurl.For(ln.Addr())
	idle := pf.idle
	if idle <= 0 {
		idle = idleTimeout
	}
	run.srv = &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: idle}
	p.Track(run.srv)
	run.unroute = func() {}
	if pf.headless {
		// What net/http logs (an upstream's answer past its
		// Content-Length) is said among the proxy's own lines, made
		// safe, bounded and explained, not as a bare time-stamped line
		// of the server's bytes; from before the first client is
		// served, not from when headless begins printing.
		run.unroute = stdlog.Route(errw)
	}
	go func() {
		defer close(run.served)
		_ = run.srv.Serve(p.Listener(ln))
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	// Dialled alongside the probes, not after them: a gateway whose GET
	// /mcp holds back its status line uses up their time, and a dial
	// with none left failed at once, warning that nothing answered.
	silent := make(chan string, 1)
	go func() { silent <- upstreamSilent(ctx, p.UpstreamURL()) }()
	run.eps = p.Endpoints(ctx, run.base)
	run.silent = <-silent
	return run, nil
}

// stop ends relaying and waits until every session's recording is
// flushed and closed. The proxy stops first, so each open exchange is
// recorded as ended by the proxy; closing the clients' connections first
// would record every one as a client that left.
func (r *proxyRun) stop() {
	r.p.Close()
	r.srv.Close()
	<-r.served
	r.sessions.wait()
	r.unroute()
}

// headless prints a line per message until ctx ends, then stops and
// flushes the recordings.
func (r *proxyRun) headless(ctx context.Context) error {
	width := terminalWidth(r.errw)
	r.banner(r.errw, width)
	r.sessions.print()
	<-ctx.Done()
	r.stop()
	return r.sessions.report(r.errw, width)
}

// tui shows the sessions in the TUI until the user quits.
func (r *proxyRun) tui() error {
	// Closing the sessions after the TUI may still make net/http log (an
	// answer past its Content-Length): said, made safe, until they are
	// closed (see runTUI).
	defer stdlog.Route(r.errw)()
	styles, err := loadStyles(r.theme)
	if err != nil {
		// Sessions may already be queued for the TUI that will never
		// run: their records must still be drained and their recordings
		// closed, as when the TUI quits.
		r.finishTUI()
		return err
	}
	runErr := ui.Run(r.uiOptions(styles))
	r.finishTUI()
	fmt.Fprintf(r.errw, "mcpscope proxy to %s stopped\n", r.upstream)
	incomplete := r.sessions.report(r.errw, terminalWidth(r.errw))
	if runErr != nil {
		return &exitError{exitFailed, runErr}
	}
	if incomplete != nil {
		return incomplete
	}
	return nil
}

// uiOptions is what the proxy's TUI shows: the client sessions as they
// come, watch-only, and the user's own session on o.
func (r *proxyRun) uiOptions(styles themes.Styles) ui.Options {
	urls := make([]string, len(r.eps))
	for i, ep := range r.eps {
		// What each serves in headless's words: "(streamable)" left out
		// that /mcp takes stateless 2026 too.
		urls[i] = ep.URL + " for " + ep.About
	}
	answers := ui.NewAnswerer()
	r.sessions.mu.Lock()
	r.sessions.answers = answers
	r.sessions.mu.Unlock()
	return ui.Options{
		OpenOwn: r.sessions.openOwn, Answers: answers,
		Clients: r.sessions.show(), Styles: styles, URL: r.upstream, Transport: "proxy", HistoryPath: historyPath(),
		// Short enough that the line under the panes, the key that opens
		// a session first, is read whole at 80 columns.
		NoSend:  "watch-only: proxied clients own their sessions",
		Note:    "proxy to " + r.upstream + ": point your client at " + strings.Join(urls, " or "),
		Warning: r.silent,
	}
}

// finishTUI ends a TUI run however it ended: the user's own sessions
// close, what the TUI no longer reads is drained, and the proxy stops
// with every recording closed.
func (r *proxyRun) finishTUI() {
	// The catcher stays up through r.stop too: a second ctrl+c while the
	// recordings close would otherwise kill mcpscope with them unclosed.
	leave, stopLeave := quitInterrupts()
	defer stopLeave()
	r.sessions.closeOwn(quitWait, leave)
	r.sessions.unshow()
	r.stop()
}
