package com.example.noon.maintenance;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

/** Talks to the file store (statement PDFs) over HTTP. */
@Component
public class FileStoreClient {

    private final RestTemplate restTemplate;
    private final String storeUrl;

    public FileStoreClient(RestTemplate restTemplate, @Value("${noon.file-store.url}") String storeUrl) {
        this.restTemplate = restTemplate;
        this.storeUrl = storeUrl;
    }

    /** Deletes a stored file. A deleted file cannot be brought back. */
    public void delete(String fileKey) {
        restTemplate.delete(storeUrl + "/files/{key}", fileKey);
    }
}
