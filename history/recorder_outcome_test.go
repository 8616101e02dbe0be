package history

import (
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// stallingDisk blocks every write until answer is closed, then passes it
// on to next: a disk that hangs and then recovers (next is the file) or
// fails (next is diskFull).
type stallingDisk struct {
	answer <-chan struct{}
	next   io.Writer
}

func (d stallingDisk) Write(p []byte) (int, error) {
	<-d.answer
	return d.next.Write(p)
}

// recorderToStall is a recording at path whose disk stops answering when
// stall is called (what is buffered is flushed first), until answer is:
// from then on its writes go to next(path), or to the file when next is
// nil.
func recorderToStall(t *testing.T, next func(path string) io.Writer) (rec *Recorder, path string, stall, answer func()) {
	t.Helper()
	rec, path, _ = recorderToHang(t)
	answered := make(chan struct{})
	stall = func() {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		if err := rec.w.Flush(); err != nil {
			t.Fatal(err)
		}
		var to io.Writer = countingWriter{rec.f, rec.written}
		if next != nil {
			to = next(path)
		}
		rec.w.Reset(clockedWriter{rec.disk, stallingDisk{answered, to}})
	}
	var once bool
	answer = func() {
		if !once {
			once = true
			close(answered)
		}
	}
	t.Cleanup(answer)
	return rec, path, stall, answer
}

// teeDrained runs Tee over rec, its output read to the end: it returns
// Tee's input, what Tee reported, and a channel closed once the output
// ended.
func teeDrained(rec *Recorder) (in chan<- []mcp.Record, reported <-chan error, ended <-chan struct{}) {
	input := make(chan []mcp.Record, 1)
	said := make(chan error, 8)
	out := Tee(input, rec, func(err error) { said <- err })
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range out {
		}
	}()
	return input, said, done
}

// teeOverStall runs a session through Tee over a disk that stalls after the
// first record until Tee has said the recording fell behind, then answers;
// it returns all Tee reported, in order, once Tee's output ended.
func teeOverStall(t *testing.T, rec *Recorder, stall, answer func()) []error {
	t.Helper()
	in, reported, ended := teeDrained(rec)
	session := fullSession()
	in <- session[:1]
	stall()
	in <- session[1:2]
	var said []error
	select {
	case err := <-reported:
		said = append(said, err)
	case <-time.After(closeWait + 5*time.Second):
		t.Fatal("Tee did not say the recording stopped keeping up with a disk that does not answer")
	}
	answer()
	for _, r := range session[2:] {
		in <- []mcp.Record{r}
	}
	close(in)
	select {
	case <-ended:
	case <-time.After(closeWait + 5*time.Second):
		t.Fatal("Tee's output did not end after its input did")
	}
	for {
		select {
		case err := <-reported:
			said = append(said, err)
		default:
			return said
		}
	}
}

// A disk that hangs and then fills: after "may be incomplete: the disk did
// not answer", the full disk is said too, as it is why the recording is
// incomplete. Said once, the user never learnt of the full disk.
func TestTeeSaysAFullDiskAfterASlowOne(t *testing.T) {
	rec, path, stall, answer := recorderToStall(t, func(path string) io.Writer { return diskFull{path} })
	said := teeOverStall(t, rec, stall, answer)
	var u *Unanswered
	if len(said) == 0 || !errors.As(said[0], &u) || !u.Behind {
		t.Fatalf("Tee first said %v, want the recording falling behind", said)
	}
	if len(said) != 2 {
		t.Fatalf("Tee said %d things, want the slow disk then the full one: %v", len(said), said)
	}
	want := "recording: cannot write to " + path + ": no space left on device; the records before are kept"
	if got := said[1].Error(); !strings.HasPrefix(got, want) {
		t.Errorf("Tee then said %q, want %q...", got, want)
	}
}

// A disk that hangs, then recovers before the session ends, took every
// record: Tee ends by saying the records are whole (a *Caveat, so "recorded
// to" and a clean exit), where the recording ended "may be incomplete".
func TestTeeSaysARecoveredDiskRecordedEverything(t *testing.T) {
	rec, path, stall, answer := recorderToStall(t, nil)
	said := teeOverStall(t, rec, stall, answer)
	if len(said) != 2 {
		t.Fatalf("Tee said %d things, want the slow disk then that it caught up: %v", len(said), said)
	}
	var c *Caveat
	if !errors.As(said[1], &c) {
		t.Fatalf("Tee ended saying %v, want a *Caveat: the records are whole", said[1])
	}
	want := "recording: the disk did not answer within 2s for a while, but every record reached " + path + " and was synced"
	if got := said[1].Error(); got != want {
		t.Errorf("Tee ended saying %q, want %q", got, want)
	}
	recs, _ := readAll(t, path)
	if want := len(fullSession()); len(recs) != want {
		t.Errorf("the recording holds %d records, want all %d", len(recs), want)
	}
}

// A queue dropped past behindLimit is said at the end as what it is, with
// how much: N records not written, not "may be incomplete", which is for a
// disk that did not say.
func TestTeeSaysHowManyRecordsADroppedQueueLost(t *testing.T) {
	entered := make(chan struct{}, 1)
	rec, path, hang := recorderToHangTelling(t, entered)
	in, reported, ended := teeDrained(rec)
	hang()
	big := mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Raw: mcp.Raw("data: " + strings.Repeat("x", 1<<20) + "\n\n")}}
	// The first waits on the disk in the writer's hands: not known to be
	// lost; the rest queue up past the bound, and are. They are sent once
	// it waits there: a writer late to take the first (its goroutine held
	// by a loaded machine) took others with it, in its hands too, and
	// fewer were said lost.
	sent := behindLimit>>20 + 8
	in <- []mcp.Record{big}
	select {
	case <-entered:
	case <-time.After(closeWait + 5*time.Second):
		t.Fatal("Tee's writer never wrote the first record to the disk")
	}
	for i := 1; i < sent; i++ {
		in <- []mcp.Record{big}
	}
	close(in)
	select {
	case <-ended:
	case <-time.After(closeWait + 5*time.Second):
		t.Fatal("Tee's output did not end after its input did")
	}
	var last error
	for len(reported) > 0 {
		last = <-reported
	}
	var nw *NotWritten
	if !errors.As(last, &nw) {
		t.Fatalf("Tee ended saying %v, want a *NotWritten", last)
	}
	want := regexp.QuoteMeta("recording to "+path+" is incomplete: ") + `71 records \(about 71\.0 MiB\) were not written: the disk did not answer within 2s, and the records waiting for it passed 64\.0 MiB$`
	if got := last.Error(); !regexp.MustCompile(want).MatchString(got) {
		t.Errorf("Tee ended saying %q, want it to match %q", got, want)
	}
	if strings.Contains(last.Error(), "may be") {
		t.Errorf("records certainly lost are said as maybe: %q", last.Error())
	}
}
