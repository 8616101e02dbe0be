package main

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	neturl "net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mcpscope/mcpscope/internal/localurl"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
)

// connFlags are the connection flags shared by the TUI, exec and replay.
type connFlags struct {
	transport       string
	headers         []string
	bearer          string
	bearerFlag      *pflag.Flag // --bearer, whose Changed says the command line gave it, even empty
	allowOrigins    []string
	timeout         time.Duration
	endpointTimeout time.Duration
	maxEventSize    int
	noGetStream     bool
	keepSession     bool
	protocol        string
	noListen        bool
	logLevel        string
	roots           []string
	noProgress      bool
	// maxRetry caps a server's retry wait (mcp.Config.MaxRetry); no flag
	// sets it: zero is the default, and tests shorten it.
	maxRetry time.Duration
}

// transports are the words --transport takes.
var transports = []string{mcp.TransportAuto, mcp.TransportSSE, mcp.TransportStreamable, mcp.TransportStateless}

func (f *connFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.transport, "transport", mcp.TransportAuto, "auto (detect), sse (legacy HTTP+SSE), streamable (streamable HTTP with sessions) or stateless (2026-07-28)")
	completeChoices(cmd, "transport", func() []string { return transports })
	fs.StringVar(&f.protocol, "protocol", "", "pin the protocol version asked for, e.g. 2025-06-18 or 2026-07-28 (default: the newest of the era)")
	fs.BoolVar(&f.noListen, "no-listen", false, "2026-07-28: do not open the subscriptions/listen stream")
	fs.StringVar(&f.logLevel, "log-level", "", "2026-07-28: ask for log messages at this level and above (debug, info, notice, warning, error, critical, alert, emergency)")
	completeChoices(cmd, "log-level", func() []string { return command.LogLevels })
	fs.StringArrayVar(&f.roots, "root", nil, "offer this directory to the server as a root (repeatable)")
	fs.BoolVar(&f.noProgress, "no-progress", false, "send requests without a progressToken")
	fs.StringArrayVarP(&f.headers, "header", "H", nil, "request header 'Name: value', replacing mcpscope's own of that name, as curl's -H does: 'Name:' sends none, 'Name;' an empty one (repeatable)")
	fs.StringVar(&f.bearer, "bearer", "", "token sent as Authorization: Bearer (default $MCPSCOPE_TOKEN, then $MCP_GATEWAY_AUTH_TOKEN; --bearer '' sends none)")
	f.bearerFlag = fs.Lookup("bearer")
	fs.StringArrayVar(&f.allowOrigins, "allow-origin", nil, "let the server point at this other origin, scheme://host:port (repeatable; it gets none of your headers or token)")
	durationVar(fs, &f.timeout, "timeout", mcp.DefaultRequestTimeout, "how long a request waits for its answer")
	durationVar(fs, &f.endpointTimeout, "endpoint-timeout", mcp.DefaultEndpointTimeout, "how long connecting may take (the endpoint event, or the answer to initialize)")
	f.maxEventSize = mcp.DefaultMaxEventSize
	fs.Var(sizeFlag{&f.maxEventSize}, "max-event-size", "largest SSE event or JSON answer accepted, in bytes or with a unit (64MiB)")
	fs.BoolVar(&f.noGetStream, "no-get-stream", false, "streamable HTTP: do not open the GET stream for server messages")
	fs.BoolVar(&f.keepSession, "keep-session", false, "streamable HTTP: leave the session open on quit instead of ending it with DELETE")
}

// config turns the flags into a session config; bad values are usage errors.
func (f *connFlags) config(url string) (mcp.Config, error) {
	h := http.Header{}
	for _, line := range f.headers {
		shown := headerShown(line)
		name, value, colon := strings.Cut(line, ":")
		ok := colon
		if !ok {
			// curl's way to send a header with an empty value: 'Name;'
			// ('Name:' removes the header instead).
			if n, rest, semi := strings.Cut(line, ";"); semi && strings.TrimSpace(rest) == "" {
				name, ok = n, true
			}
		}
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return mcp.Config{}, fmt.Errorf("-H %q: a header is 'Name: value', e.g. -H 'X-Team: blue' ('Name;' sends it empty, 'Name:' sends none)", shown)
		}
		if strings.ContainsAny(line, "\r\n") {
			return mcp.Config{}, fmt.Errorf("-H %q: a header cannot hold a line break (it would end the header and start another); remove the CR or LF", shown)
		}
		// Checked here because net/http refuses such a header on every
		// request, which would read as a server that does not answer.
		if !mcp.ValidHeaderName(name) {
			return mcp.Config{}, fmt.Errorf("-H %q: the name %q is not a header name; use letters, digits and - (any of !#$%%&'*+-.^_`|~ too), e.g. -H 'X-Team: blue'", shown, name)
		}
		if mcp.UnsentHeader(name) {
			return mcp.Config{}, fmt.Errorf("-H %q: net/http writes %s from the body of each request and drops any other, so mcpscope cannot send it; leave it out", shown, http.CanonicalHeaderKey(name))
		}
		value = strings.TrimSpace(value)
		if c, bad := mcp.HeaderValueControl(value); bad {
			return mcp.Config{}, fmt.Errorf("-H %q: the value holds the control character %#02x, which HTTP does not allow in a header; remove it", shown, c)
		}
		if colon && value == "" {
			// 'Name:' removes the header, as curl's -H does: a name with
			// no values replaces mcpscope's own with nothing, and the
			// user's other lines of that name are still sent.
			if _, set := h[http.CanonicalHeaderKey(name)]; !set {
				h[http.CanonicalHeaderKey(name)] = []string{}
			}
			continue
		}
		h.Add(name, value)
	}
	bearer, from := f.bearer, "--bearer"
	// The environment's token stands in only for a credential the command
	// line does not give. An -H Authorization (even 'Authorization:', which
	// asks for none), --bearer '' or a password in the URL is the user's
	// choice for this server, and the token in their environment (often the
	// Docker gateway's) must not go to it in its place.
	_, named := h["Authorization"]
	named = named || f.bearerFlag != nil && f.bearerFlag.Changed
	if u, err := mcp.TargetURL(url); err == nil && u.User != nil {
		named = true
	}
	for _, env := range []string{"MCPSCOPE_TOKEN", "MCP_GATEWAY_AUTH_TOKEN"} {
		if bearer == "" && !named {
			bearer, from = os.Getenv(env), "$"+env
		}
	}
	if strings.ContainsAny(bearer, "\r\n") {
		return mcp.Config{}, fmt.Errorf("%s holds a line break: a token is one line (was it read from a file with its newline?)", from)
	}
	if c, bad := mcp.HeaderValueControl(bearer); bad {
		return mcp.Config{}, fmt.Errorf("%s holds the control character %#02x, which HTTP does not allow in a header; remove it", from, c)
	}
	for _, d := range []struct {
		name  string
		value time.Duration
	}{{"--timeout", f.timeout}, {"--endpoint-timeout", f.endpointTimeout}} {
		if d.value <= 0 {
			return mcp.Config{}, fmt.Errorf("%s %s: give a positive duration such as 30s", d.name, d.value)
		}
	}
	if f.maxEventSize < 64<<10 {
		return mcp.Config{}, fmt.Errorf("--max-event-size %d is too small: events of 64 KiB are normal (big tool lists)", f.maxEventSize)
	}
	if err := choiceError("--transport", f.transport, transports); err != nil {
		return mcp.Config{}, err
	}
	if f.protocol != "" && !mcp.IsProtocolVersion(f.protocol) {
		return mcp.Config{}, fmt.Errorf("--protocol %q: a protocol version is a date, e.g. 2025-06-18 or 2026-07-28", f.protocol)
	}
	if f.transport == mcp.TransportStateless {
		// The flags disagree before anything is sent: a usage error,
		// not a connection that failed.
		if err := mcp.StatelessProtocolError(f.protocol); err != nil {
			return mcp.Config{}, err
		}
	}
	if f.logLevel != "" {
		if err := choiceError("--log-level", f.logLevel, command.LogLevels); err != nil {
			return mcp.Config{}, err
		}
	}
	roots, err := rootsOf(f.roots)
	if err != nil {
		return mcp.Config{}, err
	}
	cfg := mcp.Config{
		URL: url, Transport: f.transport, Header: h, Bearer: bearer, AllowOrigins: f.allowOrigins,
		RequestTimeout: f.timeout, EndpointTimeout: f.endpointTimeout, MaxEventSize: f.maxEventSize,
		NoGetStream: f.noGetStream, KeepSession: f.keepSession,
		Protocol: f.protocol, NoListen: f.noListen, LogLevel: f.logLevel, Roots: roots, NoProgress: f.noProgress,
		ClientName: "mcpscope", ClientVersion: versionString(), MaxRetry: f.maxRetry,
	}
	// A bad URL or origin is the user's to fix: say so before anything runs.
	u, err := mcp.TargetURL(url)
	if err != nil {
		return mcp.Config{}, err
	}
	if err := certFileError(u); err != nil {
		return mcp.Config{}, err
	}
	if err := mcp.CheckOrigins(f.allowOrigins); err != nil {
		return mcp.Config{}, fmt.Errorf("--allow-origin %w", err)
	}
	return cfg, nil
}

// headerShown is an -H line as an error quotes it: its value is a
// credential (README, Safety) and the message goes to a terminal others
// watch and to CI logs, so only its name is shown, or the first word of a
// line that is no header. A token read from a file with its newline is the
// usual mistake, and its error printed the token.
func headerShown(line string) string {
	if name, value, ok := strings.Cut(line, ":"); ok {
		if strings.TrimSpace(value) == "" {
			return line
		}
		return name + ": …"
	}
	if word, rest, ok := strings.Cut(line, " "); ok && strings.TrimSpace(rest) != "" {
		return word + " …"
	}
	return line
}

// rootsOf turns --root directories into roots: absolute file URIs named
// by their last element.
func rootsOf(paths []string) ([]mcp.Root, error) {
	var out []mcp.Root
	for _, p := range paths {
		r, err := command.RootFromPath(p)
		if err != nil {
			return nil, fmt.Errorf("--%v", err)
		}
		out = append(out, r)
	}
	return out, nil
}

// rootsNote says which --root values name no directory here, in one line,
// or "" when all do. They are offered all the same (a debugger may offer
// what the server should refuse), so this is a warning, not an error: the
// spec has clients validate a root before offering it, and a typo would
// otherwise only show as a server's puzzling refusal.
func (f *connFlags) rootsNote() string {
	var absent []string
	for _, p := range f.roots {
		if p != "" && command.NoDirectory(p) {
			absent = append(absent, strconv.Quote(sanitize.Line(p)))
		}
	}
	switch len(absent) {
	case 0:
		return ""
	case 1:
		return "--root " + absent[0] + " is no directory here: offered all the same (a typo?)"
	}
	return "--root " + strings.Join(absent, ", ") + " are no directories here: offered all the same (a typo?)"
}

// addressLike reports whether an argument names a server rather than a
// command: a scheme (even one missing a slash, "http:/host", or its colon,
// "http//host"), an IPv6
// literal, host:port, localhost, or a dotted host, with the blanks around
// it that a paste brings. Such an argument must then parse as a URL; it is
// never taken for a command, and never silently replaced by the demo
// gateway.
func addressLike(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, " \t\n") {
		return false
	}
	if strings.Contains(s, "://") || strings.HasPrefix(s, "[") || strings.Contains(s, ":/") {
		return true
	}
	if _, ok := mcp.ColonlessScheme(s); ok {
		// "http//host:8811" holds no colon before its first slash, so
		// it was read as a command, run against the demo gateway.
		return true
	}
	if scheme, _, ok := strings.Cut(s, ":"); ok && (strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")) {
		return true
	}
	hostPart, _, _ := strings.Cut(s, "/")
	if strings.ContainsAny(hostPart, "=") {
		return false
	}
	// user:password@host:port names a server as surely as host:port does
	// (mcp.TargetURL reads it so); taken for a command, its password would
	// be sent as a method name.
	if at := strings.LastIndexByte(hostPart, '@'); at >= 0 {
		hostPart = hostPart[at+1:]
	}
	host, port, hasPort := strings.Cut(hostPart, ":")
	if strings.EqualFold(host, "localhost") || !hasPort && mcp.DigitsOnly(host) {
		// A number alone ("8811") is a port typed for a URL, never a
		// method: taken for a command it was sent to the demo gateway.
		return true
	}
	if hasPort && port != "" && port[0] >= '0' && port[0] <= '9' {
		return true
	}
	return strings.Contains(host, ".") && !strings.HasPrefix(host, ".")
}

// serverArg checks an argument that names a server.
func serverArg(s string) (string, error) {
	if _, err := mcp.TargetURL(s); err != nil {
		// TargetURL's words quote the argument and say it is no URL:
		// "looks like a server address but is not a URL: "X" is not a
		// URL: parse "X": ..." said both three times.
		return "", err
	}
	return strings.TrimSpace(s), nil
}

// orDemo returns url, or when it is empty starts the built-in demo gateway
// on a free loopback port and returns its URL for the transport asked for
// (its legacy stream unless another is asked for); stop ends the gateway.
func orDemo(url, transport string) (got string, stop func(), err error) {
	if url != "" {
		return url, func() {}, nil
	}
	srv, err := demo.Start("127.0.0.1:0", demo.Options{Version: versionString()})
	if err != nil {
		return "", nil, &exitError{exitConnect, fmt.Errorf("cannot start the built-in demo gateway: %w", err)}
	}
	switch transport {
	case mcp.TransportStreamable:
		got = srv.MCPURL()
	case mcp.TransportStateless:
		got = srv.StatelessURL()
	default:
		got = srv.SSEURL()
	}
	return got, func() { srv.Close() }, nil
}

// connect is what a command that talks to a server needs first: the URL
// (the built-in demo gateway's when url is empty, see orDemo), its config
// from the flags, and stop, which ends the demo gateway if one started. A
// bad flag is the whole story: a usage error, no word of a gateway.
func (f *connFlags) connect(url string) (got string, cfg mcp.Config, stop func(), err error) {
	got, stop, err = orDemo(url, f.transport)
	if err != nil {
		return "", mcp.Config{}, nil, err
	}
	if cfg, err = f.config(got); err != nil {
		stop()
		return "", mcp.Config{}, nil, &exitError{exitUsage, err}
	}
	return got, cfg, stop, nil
}

func newDemoServerCmd() *cobra.Command {
	var addr, greeting string
	cmd := &cobra.Command{
		Use:   "demo-server",
		Short: "Run the built-in demo MCP gateway (legacy SSE at /sse, streamable HTTP at /mcp, stateless 2026 at /stateless) until interrupted",
		Long: `Run the built-in demo MCP gateway until interrupted: every era from one
listener, legacy HTTP+SSE at /sse, streamable HTTP with sessions at /mcp (with
an event store, so resumption can be shown) and the stateless 2026-07-28
revision at /stateless; /health, and / redirecting to /sse, as the Docker MCP
Gateway does. It prints the three URLs.

It has no authentication: an --addr beyond loopback (0.0.0.0:8811) is warned
about. --greeting changes the word greet starts with, so a re-run against it
(mcpscope replay FILE --against URL) has a difference to show.`,
		Args: needArgs(0, 0, "no arguments (the address is --addr)", "mcpscope demo-server --addr 127.0.0.1:8811"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := localurl.CheckAddr(addr, "127.0.0.1:8811"); err != nil {
				return &exitError{exitUsage, fmt.Errorf("--addr %w", err)}
			}
			srv, err := demo.Start(addr, demo.Options{Greeting: greeting, Version: versionString()})
			if err != nil {
				return &exitError{exitConnect, listenFailure("--addr", addr, err)}
			}
			defer srv.Close()
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "demo gateway listening on %s; ctrl+c stops it\n", srv.URL)
			// The URLs below are how this machine reaches it; they hid
			// that every other machine that can reach it may too.
			warnBeyondLoopback(cmd.ErrOrStderr(), srv.Addr(), "the demo gateway", ", with no authentication: anyone who can reach it can use it", "--addr 127.0.0.1:PORT")
			eps := srv.Endpoints()
			width := 0
			for _, ep := range eps {
				width = max(width, len(ep.URL))
			}
			for _, ep := range eps {
				versions := ep.Protocol
				if ep.Oldest != "" {
					// A session on /sse negotiates the newest: naming only
					// its transport's 2024-11-05 said it spoke that.
					versions = ep.Oldest + " to " + ep.Protocol
				}
				fmt.Fprintf(out, "  %-*s  %s, %s\n", width, ep.URL, ep.About, versions)
			}
			waitForSignal(cmd.Context())
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8811", "address to listen on")
	cmd.Flags().StringVar(&greeting, "greeting", "", "word the greet tool starts with (default Hello)")
	return cmd
}

// certFileError refuses an SSL_CERT_FILE that names no file, for an https
// server: Go skips a missing one without a word and checks the certificate
// against the system's CAs alone, so a typo in it read as the server's
// certificate being untrusted, whose advice is to set SSL_CERT_FILE.
func certFileError(u *neturl.URL) error {
	file := os.Getenv("SSL_CERT_FILE")
	if file == "" || !strings.EqualFold(u.Scheme, "https") {
		return nil
	}
	fi, err := os.Stat(file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("SSL_CERT_FILE=%s: there is no such file: name the PEM file of the CA to trust, or unset it to trust the system's CAs", file)
	case err == nil && fi.IsDir():
		return fmt.Errorf("SSL_CERT_FILE=%s is a directory: name a PEM file in it, or pass the directory as SSL_CERT_DIR", file)
	}
	return nil
}
