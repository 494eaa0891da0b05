// An HttpURLConnection that only reads the response (no request body written) changes nothing remotely: polling then recording is no finding.
package com.example.neg72;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class ParcelStatusPoller {

    private final ParcelMapper mapper;

    public ParcelStatusPoller(ParcelMapper mapper) {
        this.mapper = mapper;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws IOException {
        for (Parcel p : mapper.selectInTransit()) {
            HttpURLConnection connection = (HttpURLConnection) new URL("https://carrier.example.com/parcels/" + p.getRef()).openConnection();
            connection.connect();
            try (InputStream in = connection.getInputStream()) {
                String state = new String(in.readAllBytes());
                mapper.updateStatus(p.getId(), state);
            }
        }
    }
}

@Mapper
interface ParcelMapper {
    @Select("SELECT id, ref FROM parcel WHERE status = 'IN_TRANSIT'")
    List<Parcel> selectInTransit();

    @Update("UPDATE parcel SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Parcel {
    private Long id;
    private String ref;

    public Long getId() { return id; }
    public String getRef() { return ref; }
}
