// After the job is submitted remotely, its status is read back through a project client whose getter completes a local future on the way; a read-named call records nothing about the item, so no record follows the submit: no finding.
package com.example.neg39;

import java.util.concurrent.CompletableFuture;
import org.springframework.web.client.RestTemplate;

public class RenderSubmitter {

    private final RestTemplate rest;
    private final RenderStatusClient status;

    public RenderSubmitter(RestTemplate rest, RenderStatusClient status) {
        this.rest = rest;
        this.status = status;
    }

    public String submit(RenderRequest req) {
        rest.postForObject("https://render.example.com/jobs", req, String.class);
        return status.getRenderStatus(req.getJobName());
    }
}

class RenderStatusClient {
    private final CompletableFuture<String> last = new CompletableFuture<>();
    private Tracker tracker;

    String getRenderStatus(String jobName) {
        tracker.completeLookup(jobName);
        return jobName;
    }
}

interface Tracker {
    void completeLookup(String name);
}

class RenderRequest {
    private String jobName;

    public String getJobName() { return jobName; }
}
