// The runtime library's TaskClaimer.claim returns the claim only to the winner; dropping it and working anyway
// defeats it.
package com.example.p005.pos09;

import io.idemcheck.runtime.TaskClaimer;
import org.springframework.web.client.RestTemplate;

public class WebhookDispatcher {

    private TaskClaimer claimer;
    private RestTemplate rest;

    public void dispatch(long hookId) {
        claimer.claim(hookId, "node-2"); // expect: IDEM005
        rest.postForObject("https://partner.example.com/hook", hookId, String.class);
    }
}
