// Spring Framework 7's core @Retryable retries the mail send; a mail server that accepted the message but timed out gets it twice.
package com.example.e010.pos08;

import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.resilience.annotation.Retryable;

public class ReceiptMailer {
    private final JavaMailSender mailSender;

    public ReceiptMailer(JavaMailSender mailSender) {
        this.mailSender = mailSender;
    }

    @Retryable(maxRetries = 2)
    public void sendReceipt(SimpleMailMessage message) {
        mailSender.send(message); // expect: IDEM010 "core retry"
    }
}
