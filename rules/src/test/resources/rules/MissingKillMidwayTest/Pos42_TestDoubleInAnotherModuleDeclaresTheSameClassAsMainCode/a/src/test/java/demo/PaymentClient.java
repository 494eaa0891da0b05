package demo;

// A test double in module a with the fully qualified name of module b's main class. Module b's main code compiles
// against its own class, whose send() posts the payment: the job has the effect-then-record shape whether or not a
// scan parsed this file (module a's path comes first, yet a main-code declaration wins over a test file's).
public class PaymentClient {
    public void send(long userId, long amount) {
    }
}
