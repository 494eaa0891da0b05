// A Retrofit interface method mapped to @GET only asks the partner for a user's credit balance; its name (creditOf)
// matches the payment vocabulary (credit*), but the GET mapping says it is a read: a repeat changes nothing.
package com.example.neg113;

import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.GET;
import retrofit2.http.Path;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class CreditSyncJob {

    private final UserMapper users;
    private final CreditApi credits;

    public CreditSyncJob(UserMapper users) {
        this.users = users;
        this.credits = new Retrofit.Builder().baseUrl("https://credit.example.com/").build().create(CreditApi.class);
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (User u : users.selectPending()) {
            String balance = credits.creditOf(u.getName()).execute().body();
            users.markSynced(u.getId(), balance);
        }
    }
}

@Mapper
interface UserMapper {

    @Select("SELECT id, name FROM t_user WHERE sync_status = 'PENDING'")
    List<User> selectPending();

    @Update("UPDATE t_user SET sync_status = 'SYNCED', credit = #{credit} WHERE id = #{id}")
    int markSynced(@Param("id") long id, @Param("credit") String credit);
}

class User {
    private long id;
    private String name;

    public long getId() { return id; }
    public String getName() { return name; }
}

interface CreditApi {
    @GET("credits/{user}")
    Call<String> creditOf(@Path("user") String user);
}
