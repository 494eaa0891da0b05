// claimer.claim(id, owner).ifPresent(c -> ..): the work runs only for the winner: no finding.
package com.example.n005.neg05;

import io.idemcheck.runtime.TaskClaimer;
import org.springframework.web.client.RestTemplate;

public class WebhookDispatcher {

    private TaskClaimer claimer;
    private RestTemplate rest;

    public void dispatch(long hookId) {
        claimer.claim(hookId, "node-2").ifPresent(c -> {
            rest.postForObject("https://partner.example.com/hook", hookId, String.class);
            claimer.complete(c);
        });
    }
}
