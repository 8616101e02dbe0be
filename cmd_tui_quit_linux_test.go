package main

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"
)

// Ctrl+c in the quit's wait, on a terminal, clears the row the terminal
// echoed ^C on before saying that it stopped waiting: the line read
// "^Cmcpscope: the server at …".
func TestQuitCtrlCClearsTheEchoedInterrupt(t *testing.T) {
	ptmx, pts := openPTY(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sess, _ := heldCancellation(ctx, t)
	leave := make(chan os.Signal, 1)
	leave <- os.Interrupt
	closeOnQuit(pts, quitWait, leave, sess)
	pts.Close()
	var got bytes.Buffer
	buf := make([]byte, 4096)
	for {
		n, err := ptmx.Read(buf)
		got.Write(buf[:n])
		if err != nil || bytes.Contains(got.Bytes(), []byte("all the same")) {
			break
		}
	}
	if !bytes.HasPrefix(got.Bytes(), []byte("\r\x1b[Kmcpscope: the server at ")) {
		t.Errorf("the terminal got %q, want the echoed ^C's row cleared before the line", got.String())
	}
}
