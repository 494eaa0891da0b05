// A bounded retry loop around a long poll posted over HTTP: the project method's name says it reads, and polling twice changes nothing.
package com.example.e010.neg11;

import okhttp3.FormBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;

public class ConfigPoller {
    private final OkHttpClient http;

    public ConfigPoller(OkHttpClient http) {
        this.http = http;
    }

    public void run(String server) {
        for (int time = 1; time <= 10; time++) {
            try {
                doLongPolling(server);
                break;
            } catch (Exception e) {
                // wait and poll again
            }
        }
    }

    private void doLongPolling(String server) throws Exception {
        Request request = new Request.Builder().url(server + "/configs/listener").post(new FormBody.Builder().build()).build();
        http.newCall(request).execute();
    }
}
